/**
 * The public lead-form endpoints over HTTP (issue 16), against a running platform with a real SMTP server and
 * the real mail queue: a form served with its token, views counted once per token, submissions that become
 * leads in Customers (or update the customer with that e-mail), every invalid field named under `data.<name>`,
 * spam (honeypot, too fast) stored and counted but never a lead, the per-address rate limit, campaign
 * attribution (utm_campaign, or the form's own campaign), the auto-responder and the notification mails, and
 * the Form Submissions list and its audited CSV export.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadFormView } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginToken, rest } from '../../../test-support/http.ts';
import { sleep, waitFor } from '../workers/support/helpers.ts';
import { decodeQuotedPrintable, leafParts, parseMime } from '../workers/support/mime.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../workers/support/smtp.ts';

const RATE_LIMIT = 5;
let app: TestApp;
let smtp: TestSmtpServer;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({
    smtpUrl: smtp.url,
    // One proxy hop trusted: each test sends from its own address (X-Forwarded-For), so only the rate-limit test
    // meets the limit. A minimum fill time of 1 s keeps the suite short.
    env: { RATE_LIMIT_PUBLIC_MAX: String(RATE_LIMIT), TRUST_PROXY: '1', FORM_MIN_FILL_SECONDS: '1' },
  });
  const user = await createAccount(app, { userType: 'user' });
  [adminToken, userToken] = await Promise.all([loginToken(app, app.admin), loginToken(app, user)]);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const uniqueEmail = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`;
const admin = (path: string, init: RequestInit & { json?: unknown } = {}) => rest(app, path, { ...init, token: adminToken });
/** A visitor's call: from its own address unless `ip` says otherwise. */
const visitor = (path: string, init: RequestInit & { json?: unknown } = {}, ip = randomIp()) =>
  rest(app, path, { ...init, headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Test/1.0', ...(init.headers as object) } });
const count = async (sql: string, params: unknown[] = []) => Number((await app.platform.pool.query(sql, params)).rows[0].count);
const eventsOf = async <T = Record<string, unknown>>(type: string, where = 'true', params: unknown[] = []) =>
  (await app.platform.pool.query<{ id: string; data: T; metadata: Record<string, unknown> }>(`SELECT event_id AS id, data, metadata FROM es_events WHERE type = $1 AND ${where} ORDER BY global_position`, [type, ...params])).rows;

const FIELDS = [
  { name: 'full_name', type: 'text', label: 'Full Name', required: true },
  { name: 'email', type: 'email', label: 'Email Address', required: true },
  { name: 'phone', type: 'phone', label: 'Phone' },
  { name: 'company', type: 'text', label: 'Company' },
  { name: 'interest', type: 'select', label: 'Interest', options: ['Demo', 'Pricing'], required: true },
  { name: 'newsletter', type: 'checkbox', label: 'Send me news' },
  { name: 'message', type: 'textarea', label: 'Message' },
];

async function createForm(body: Record<string, unknown> = {}): Promise<LeadFormView> {
  const res = await admin('/api/marketing/forms', { method: 'POST', json: { name: `Form ${randomUUID().slice(0, 6)}`, title: 'Talk to us', fields: FIELDS, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.form as LeadFormView;
}

/** Serves the form (GET) and returns its token. */
async function tokenFor(slug: string): Promise<string> {
  const res = await visitor(`/api/forms/${slug}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.formToken as string;
}

/** Tokens old enough to be no longer "too fast" (FORM_MIN_FILL_SECONDS = 1). */
async function readyTokens(slug: string, n = 1): Promise<string[]> {
  const tokens = await Promise.all(Array.from({ length: n }, () => tokenFor(slug)));
  await sleep(1100);
  return tokens;
}

const answers = (patch: Record<string, unknown> = {}) => ({
  full_name: 'Ada Lovelace',
  email: uniqueEmail('ada'),
  phone: '+44 20 7946 0000',
  company: 'Analytical Engines Ltd',
  interest: 'Demo',
  newsletter: true,
  message: 'Please call me back.',
  ...patch,
});

const submit = (slug: string, body: Record<string, unknown>, ip?: string) => visitor(`/api/forms/${slug}/submissions`, { method: 'POST', json: body }, ip);

async function customersWithEmail(email: string) {
  const res = await admin(`/api/crm/customers?search=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (res.body.data as { id: string; email: string | null }[]).filter((c) => c.email?.toLowerCase() === email.toLowerCase());
}

/** Submissions of a form in the list (the read model catches up asynchronously). */
async function listedSubmissions(formId: string, query = '', expected = 1) {
  return waitFor(
    async () => {
      const res = await admin(`/api/marketing/submissions?formId=${formId}${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.submissions.length >= expected ? res.body : null;
    },
    { what: `${expected} submission(s) of form ${formId}${query}` },
  );
}

function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_all, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}
function readMail(mail: ReceivedMail) {
  const root = parseMime(mail.raw);
  const leaves = leafParts(root);
  return {
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: leaves.find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '',
    html: leaves.find((p) => p.contentType === 'text/html')?.body.toString('utf8') ?? '',
  };
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())).map(readMail);

describe('serving a form', () => {
  it('GET /api/forms/:slug: what the page needs and a form token; nothing internal', async () => {
    const form = await createForm({ description: 'We answer within a day' });
    const res = await visitor(`/api/forms/${form.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      form: { slug: form.slug, title: 'Talk to us', description: 'We answer within a day', fields: form.fields, redirectUrl: '/thank-you', analytics: true },
      formToken: expect.stringMatching(/^[0-9a-f-]{36}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/),
    });
  });

  it('an unknown, inactive or deleted form is 404 form_unavailable, on every endpoint', async () => {
    const inactive = await createForm({ isActive: false });
    const deleted = await createForm();
    const token = await tokenFor(deleted.slug);
    expect((await admin(`/api/marketing/forms/${deleted.id}`, { method: 'DELETE' })).status).toBe(200);
    for (const slug of ['no-such-form', inactive.slug, deleted.slug, 'Not_A_Slug']) {
      const get = await visitor(`/api/forms/${slug}`);
      expect(get.status, slug).toBe(404);
      expect(get.body).toMatchObject({ success: false, code: 'form_unavailable' });
      const post = await submit(slug, { formToken: token, data: answers() });
      expect(post.status, slug).toBe(404);
    }
  });
});

describe('views', () => {
  it('are counted once per form token', async () => {
    const form = await createForm();
    const [a, b] = await Promise.all([tokenFor(form.slug), tokenFor(form.slug)]);
    const view = (formToken: string) => visitor(`/api/forms/${form.slug}/views`, { method: 'POST', json: { formToken, channel: 'hosted', utmSource: 'newsletter', referrer: 'https://news.example.org/issue-4' } });
    expect((await view(a)).body).toEqual({ success: true, counted: true });
    expect((await view(a)).body).toEqual({ success: true, counted: false });
    expect((await view(b)).body).toEqual({ success: true, counted: true });
    await waitFor(async () => (await count('SELECT count(*) FROM marketing_form_views WHERE form_id = $1', [form.id])) === 2, { what: 'two view rows' });
    const row = (await app.platform.pool.query('SELECT channel, utm_source, referrer FROM marketing_form_views WHERE form_id = $1 LIMIT 1', [form.id])).rows[0];
    expect(row).toEqual({ channel: 'hosted', utm_source: 'newsletter', referrer: 'https://news.example.org/issue-4' });
    const detail = await waitFor(async () => {
      const res = await admin(`/api/marketing/forms/${form.id}`);
      return res.body.form.views === 2 ? res.body.form : null;
    }, { what: 'the form counting 2 views' });
    expect(detail.views).toBe(2);
  });

  it('a token of another form or a forged one is 422 form_token_invalid', async () => {
    const [form, other] = await Promise.all([createForm(), createForm()]);
    const foreign = await tokenFor(other.slug);
    for (const formToken of [foreign, 'forged.token.value.here']) {
      const res = await visitor(`/api/forms/${form.slug}/views`, { method: 'POST', json: { formToken } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ success: false, code: 'form_token_invalid' });
    }
  });
});

describe('a valid submission', () => {
  it('creates a lead visible in Customers, records the submission, and mails the auto-responder and the notification', async () => {
    const form = await createForm({ settings: { redirectUrl: 'https://example.com/thanks', notifications: ['marketing@example.com'], autoResponder: { enabled: true, subject: 'Thanks for reaching out', message: 'We will call you within a day.' } } });
    const [formToken] = await readyTokens(form.slug);
    const data = answers({ full_name: 'Grace Hopper' });
    const res = await submit(form.slug, { formToken, data, utmSource: 'newsletter', utmMedium: 'email', referrer: 'https://mail.example.net/', channel: 'hosted', locale: 'fr' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ success: true, message: expect.any(String), redirectUrl: 'https://example.com/thanks' });

    const [lead] = await customersWithEmail(data.email);
    expect(lead).toMatchObject({
      name: 'Grace Hopper',
      email: data.email,
      phone: '+44 20 7946 0000',
      company: 'Analytical Engines Ltd',
      notes: 'Please call me back.',
      status: 'lead',
      leadSource: 'referral',
      assignedTo: null,
      tags: [`form:${form.slug}`],
    });
    const [created] = await eventsOf('CustomerCreated', `data->>'customerId' = $2`, [lead!.id]);
    expect(created!.data).toMatchObject({ createdBy: null });

    const [submitted] = await eventsOf<Record<string, unknown>>('LeadFormSubmitted', `data->>'formId' = $2`, [form.id]);
    expect(submitted!.data).toMatchObject({
      formName: form.name,
      customerId: lead!.id,
      leadCreated: true,
      leadSource: 'referral',
      email: data.email,
      campaignId: null,
      channel: 'hosted',
      utmSource: 'newsletter',
      utmMedium: 'email',
      referrer: 'https://mail.example.net/',
      userAgent: expect.stringContaining('Test/1.0'),
      ipAddress: expect.stringMatching(/^10\./),
      data: { ...data, email: data.email.toLowerCase() },
    });

    const list = await listedSubmissions(form.id);
    expect(list).toMatchObject({ success: true, total: 1, spamTotal: 0, page: 1 });
    expect(list.submissions[0]).toMatchObject({ formName: form.name, customerId: lead!.id, customerName: 'Grace Hopper', leadCreated: true, spam: false, utmSource: 'newsletter', channel: 'hosted' });

    const auto = await waitFor(() => mailsTo(data.email)[0], { what: 'the auto-responder' });
    expect(auto.subject).toBe('Thanks for reaching out');
    expect(auto.text).toContain('Bonjour Grace Hopper,');
    expect(auto.text).toContain('We will call you within a day.');
    expect(auto.text).toContain('Interest: Demo');
    const note = await waitFor(() => mailsTo('marketing@example.com').find((m) => m.text.includes(lead!.id)), { what: 'the notification' });
    expect(note.subject).toBe(`[Form · ${form.name}] Grace Hopper`);
    expect(note.text).toContain('is now a lead');
    expect(note.text).toContain('Message: Please call me back.');
    // Each mail is named after the event (a replay sends nothing twice).
    await waitFor(async () => (await count('SELECT count(*) FROM mail_sent WHERE causation_event_id LIKE $1', [`${submitted!.id}-%`])) === 2, { what: 'two mail_sent rows' });
  });

  it('without the crm integration: stored, mailed, no customer; without auto-responder or e-mail integration: no auto-responder', async () => {
    const form = await createForm({ settings: { notifications: ['ops@example.com'], autoResponder: { enabled: false, subject: 'x', message: 'y' }, integrations: { crm: false, email: true, analytics: true } } });
    const [formToken] = await readyTokens(form.slug);
    const data = answers();
    expect((await submit(form.slug, { formToken, data })).status).toBe(201);
    expect(await customersWithEmail(data.email)).toHaveLength(0);
    const [submitted] = await eventsOf('LeadFormSubmitted', `data->>'formId' = $2`, [form.id]);
    expect(submitted!.data).toMatchObject({ customerId: null, leadCreated: false, channel: 'api' });
    await waitFor(() => mailsTo('ops@example.com').find((m) => m.text.includes(String(submitted!.data.submissionId))), { what: 'the notification' });
    await sleep(300);
    expect(mailsTo(data.email)).toHaveLength(0);
  });
});

describe('invalid submissions', () => {
  let form: LeadFormView;
  let token: string;
  beforeAll(async () => {
    form = await createForm();
    token = (await readyTokens(form.slug))[0]!;
  });

  it.each([
    ['full_name', { full_name: '' }],
    ['full_name', { full_name: 'x'.repeat(501) }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: undefined }],
    ['phone', { phone: 'call me maybe' }],
    ['interest', { interest: 'Lunch' }],
    ['interest', { interest: undefined }],
    ['newsletter', { newsletter: 'maybe' }],
    ['message', { message: 42 }],
    ['shoe_size', { shoe_size: '42' }],
  ])('a bad %s is 400 naming data.%s, and nothing is written', async (field, patch) => {
    const before = await count('SELECT count(*) FROM es_events');
    const res = await submit(form.slug, { formToken: token, data: answers(patch) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.success).toBe(false);
    expect(Object.keys(res.body.errors)).toEqual([`data.${field}`]);
    expect(res.body.message).toContain(`data.${field}`);
    expect(await count('SELECT count(*) FROM es_events')).toBe(before);
  });

  it('names every bad answer at once', async () => {
    const res = await submit(form.slug, { formToken: token, data: { email: 'nope', interest: 'Lunch' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['data.email', 'data.full_name', 'data.interest']);
  });

  it('the body itself: no token, no data, a bad UTM or channel are 400 naming them', async () => {
    const res = await submit(form.slug, { data: 'x', utmSource: 'y'.repeat(201), channel: 'fax' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['channel', 'data', 'formToken', 'utmSource']);
  });

  it('a token of another form is 422 form_token_invalid and stores nothing', async () => {
    const other = await createForm();
    const [foreign] = await readyTokens(other.slug);
    const before = await count('SELECT count(*) FROM es_events');
    const res = await submit(form.slug, { formToken: foreign, data: answers() });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'form_token_invalid' });
    expect(await count('SELECT count(*) FROM es_events')).toBe(before);
  });
});

describe('spam', () => {
  it('the honeypot filled: answered like a success, stored as spam, counted, no lead, no mail', async () => {
    const form = await createForm({ settings: { notifications: ['spam-watch@example.com'] } });
    const [formToken] = await readyTokens(form.slug);
    const data = answers();
    const res = await submit(form.slug, { formToken, data, website: 'http://cheap-pills.example' });
    // The same answer as a real submission of this form (no redirect set).
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Thank you! Your submission has been received.' });
    expect(await customersWithEmail(data.email)).toHaveLength(0);
    const [spam] = await eventsOf('LeadFormSpamReceived', `data->>'formId' = $2`, [form.id]);
    expect(spam!.data).toMatchObject({ reason: 'honeypot', formName: form.name });
    expect(await count(`SELECT count(*) FROM es_events WHERE type = 'LeadFormSubmitted' AND data->>'formId' = $1`, [form.id])).toBe(0);
    const list = await listedSubmissions(form.id, '&spam=only');
    expect(list).toMatchObject({ total: 1, spamTotal: 1 });
    expect(list.submissions[0]).toMatchObject({ spam: true, spamReason: 'honeypot', customerId: null, leadCreated: false });
    expect((await admin(`/api/marketing/submissions?formId=${form.id}`)).body).toMatchObject({ total: 0, spamTotal: 1, submissions: [] });
    await waitFor(async () => (await admin(`/api/marketing/forms/${form.id}`)).body.form.spamCount === 1, { what: 'the form counting 1 spam' });
    await sleep(300);
    expect(mailsTo('spam-watch@example.com')).toHaveLength(0);
  });

  it('too fast (sooner than FORM_MIN_FILL_SECONDS after serving): spam too_fast, even with valid answers', async () => {
    const form = await createForm();
    const formToken = await tokenFor(form.slug);
    const data = answers();
    const res = await submit(form.slug, { formToken, data });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const [spam] = await eventsOf('LeadFormSpamReceived', `data->>'formId' = $2`, [form.id]);
    expect(spam!.data).toMatchObject({ reason: 'too_fast' });
    expect(await customersWithEmail(data.email)).toHaveLength(0);
    const list = await listedSubmissions(form.id, '&spamReason=too_fast');
    expect(list.submissions[0]).toMatchObject({ spamReason: 'too_fast' });
  });
});

describe('rate limit', () => {
  it(`after ${RATE_LIMIT} submissions from one address in the window: 429 with Retry-After, and nothing stored`, async () => {
    const form = await createForm();
    const ip = randomIp();
    const [formToken] = await readyTokens(form.slug);
    for (let i = 0; i < RATE_LIMIT; i++) expect((await submit(form.slug, { formToken, data: answers() }, ip)).status).toBe(201);
    const before = await count('SELECT count(*) FROM es_events');
    const res = await submit(form.slug, { formToken, data: answers() }, ip);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count('SELECT count(*) FROM es_events')).toBe(before);
    // Another address is not limited.
    expect((await submit(form.slug, { formToken, data: answers() })).status).toBe(201);
  });
});

describe('an existing customer', () => {
  it('is updated (empty fields filled, tagged, the answers logged), not duplicated', async () => {
    const email = uniqueEmail('known');
    const created = await admin('/api/crm/customers', { method: 'POST', json: { name: 'Known Person', email, status: 'prospect', tags: ['vip'] } });
    expect(created.status).toBe(201);
    const customerId = created.body.data.id as string;
    const form = await createForm();
    const [formToken] = await readyTokens(form.slug);
    const res = await submit(form.slug, { formToken, data: answers({ full_name: 'Someone Else', email: email.toUpperCase() }) });
    expect(res.status).toBe(201);
    const same = await customersWithEmail(email);
    expect(same).toHaveLength(1);
    const detail = await admin(`/api/crm/customers/${customerId}`);
    expect(detail.body.data).toMatchObject({ name: 'Known Person', status: 'prospect', phone: '+44 20 7946 0000', company: 'Analytical Engines Ltd', tags: ['vip', `form:${form.slug}`] });
    expect(detail.body.communications).toEqual([
      expect.objectContaining({ type: 'note', direction: 'inbound', subject: `Form submission: ${form.name}`, content: expect.stringContaining('Interest: Demo') }),
    ]);
    const [submitted] = await eventsOf('LeadFormSubmitted', `data->>'formId' = $2`, [form.id]);
    expect(submitted!.data).toMatchObject({ customerId, leadCreated: false });
  });
});

describe('the same new e-mail', () => {
  it('in simultaneous first submissions makes one lead; the others update it', async () => {
    const form = await createForm();
    const tokens = await readyTokens(form.slug, 4);
    const email = uniqueEmail('twice');
    const cased = [email, email.toUpperCase(), email, email[0]!.toUpperCase() + email.slice(1)];
    const results = await Promise.all(tokens.map((formToken, i) => submit(form.slug, { formToken, data: answers({ email: cased[i] }) })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const leads = await customersWithEmail(email);
    expect(leads).toHaveLength(1);
    const submitted = await eventsOf<{ customerId: string; leadCreated: boolean }>('LeadFormSubmitted', `data->>'formId' = $2`, [form.id]);
    expect(submitted.map((e) => e.data.customerId)).toEqual(Array(4).fill(leads[0]!.id));
    expect(submitted.filter((e) => e.data.leadCreated)).toHaveLength(1);
    const detail = await admin(`/api/crm/customers/${leads[0]!.id}`);
    expect(detail.body.communications).toHaveLength(3);
  });

  it('after its lead was deleted, or its lead took another address, makes a new lead', async () => {
    const form = await createForm();
    const [first, second, third] = await readyTokens(form.slug, 3);
    const email = uniqueEmail('again');
    expect((await submit(form.slug, { formToken: first, data: answers({ email }) })).status).toBe(201);
    const [lead] = await customersWithEmail(email);
    expect((await admin(`/api/crm/customers/${lead!.id}`, { method: 'DELETE' })).status).toBe(200);

    expect((await submit(form.slug, { formToken: second, data: answers({ email }) })).status).toBe(201);
    const [renewed] = await customersWithEmail(email);
    expect(renewed!.id).not.toBe(lead!.id);
    const moved = await admin(`/api/crm/customers/${renewed!.id}`, { method: 'PUT', json: { email: uniqueEmail('moved') } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    expect((await submit(form.slug, { formToken: third, data: answers({ email }) })).status).toBe(201);
    const [third_] = await customersWithEmail(email);
    expect([lead!.id, renewed!.id]).not.toContain(third_!.id);
    const submitted = await eventsOf<{ customerId: string; leadCreated: boolean }>('LeadFormSubmitted', `data->>'formId' = $2`, [form.id]);
    expect(submitted.map((e) => [e.data.customerId, e.data.leadCreated])).toEqual([
      [lead!.id, true],
      [renewed!.id, true],
      [third_!.id, true],
    ]);
  });
});

describe('campaign attribution', () => {
  async function createCampaign(utmCampaign: string) {
    const res = await admin('/api/marketing/campaigns', { method: 'POST', json: { name: `Campaign ${utmCampaign}`, type: 'social', utmCampaign } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.campaign as { id: string };
  }

  it('by utm_campaign (case-insensitive), with the lead source from the UTM medium', async () => {
    const tag = `spring-${randomUUID().slice(0, 6)}`;
    const campaign = await createCampaign(tag);
    const form = await createForm();
    const [formToken] = await readyTokens(form.slug);
    const data = answers();
    expect((await submit(form.slug, { formToken, data, utmCampaign: tag.toUpperCase(), utmSource: 'facebook', utmMedium: 'cpc' })).status).toBe(201);
    const [lead] = await customersWithEmail(data.email);
    expect(lead).toMatchObject({ leadSource: 'advertising' });
    const list = await listedSubmissions(form.id);
    expect(list.submissions[0]).toMatchObject({ campaignId: campaign.id, campaignName: `Campaign ${tag}`, leadSource: 'advertising', utmCampaign: tag.toUpperCase() });
    expect((await admin(`/api/marketing/submissions?campaignId=${campaign.id}`)).body.total).toBe(1);
  });

  it("the form's own campaign wins over utm_campaign", async () => {
    const tag = `summer-${randomUUID().slice(0, 6)}`;
    const [byUtm, formCampaign] = await Promise.all([createCampaign(tag), createCampaign(`${tag}-form`)]);
    const form = await createForm({ campaignId: formCampaign.id });
    const [formToken] = await readyTokens(form.slug);
    expect((await submit(form.slug, { formToken, data: answers(), utmCampaign: tag })).status).toBe(201);
    const list = await listedSubmissions(form.id);
    expect(list.submissions[0].campaignId).toBe(formCampaign.id);
    expect(list.submissions[0].campaignId).not.toBe(byUtm.id);
  });

  it('no form campaign and an unknown utm_campaign: none', async () => {
    const form = await createForm();
    const [formToken] = await readyTokens(form.slug);
    expect((await submit(form.slug, { formToken, data: answers(), utmCampaign: 'nobody-uses-this' })).status).toBe(201);
    expect((await listedSubmissions(form.id)).submissions[0].campaignId).toBeNull();
  });
});

describe("other sites (the form's allowed origins)", () => {
  it('an allowed origin gets CORS headers and is served; another origin is 403 form_origin_not_allowed and nothing is stored', async () => {
    const form = await createForm({ allowedOrigins: ['https://partner.example.com'] });
    const get = await visitor(`/api/forms/${form.slug}`, { headers: { origin: 'https://partner.example.com' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe('https://partner.example.com');
    await sleep(1100);
    const data = answers();
    const ok = await visitor(`/api/forms/${form.slug}/submissions`, { method: 'POST', json: { formToken: get.body.formToken, data, channel: 'embed' }, headers: { origin: 'https://partner.example.com' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://partner.example.com');
    expect(await customersWithEmail(data.email)).toHaveLength(1);
    const before = await count('SELECT count(*) FROM es_events');
    const refused = await visitor(`/api/forms/${form.slug}/submissions`, { method: 'POST', json: { formToken: get.body.formToken, data: answers() }, headers: { origin: 'https://evil.example.net' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'form_origin_not_allowed' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await count('SELECT count(*) FROM es_events')).toBe(before);
  });
});

describe('the Form Submissions list and export', () => {
  it('marketing:read only (a user is 403); the CSV is streamed and the export audited', async () => {
    const form = await createForm();
    const [formToken] = await readyTokens(form.slug);
    const data = answers({ full_name: 'Katherine Johnson' });
    expect((await submit(form.slug, { formToken, data })).status).toBe(201);
    await listedSubmissions(form.id);
    expect((await rest(app, '/api/marketing/submissions', { token: userToken })).status).toBe(403);
    expect((await rest(app, '/api/marketing/submissions')).status).toBe(401);
    expect((await admin('/api/marketing/submissions?spam=maybe')).status).toBe(400);

    const res = await fetch(`${app.baseUrl}/api/marketing/submissions/export?formId=${form.id}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/form-submissions-\d{4}-\d{2}-\d{2}\.csv/);
    const csv = await res.text();
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^Submitted at,Form,Answers,/);
    expect(csv).toContain(form.name);
    expect(csv).toContain('full_name: Katherine Johnson');
    const exports = await eventsOf('DataExported', `data->>'what' = 'form_submissions_csv'`);
    expect(exports.at(-1)!.data).toMatchObject({ filters: { formId: form.id, spam: 'exclude' } });
  });
});
