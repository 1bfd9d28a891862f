/**
 * Contact form and newsletter double opt-in over HTTP (REST and tRPC), against a real platform with a real
 * SMTP server capturing the mails (the sales notification, the confirmation link, the "already subscribed").
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { rest, trpcClient } from '../../../test-support/http.ts';
import { publicPostBuckets } from '../../src/security/public-post-guard.ts';
import { sleep, waitFor } from '../workers/support/helpers.ts';
import { decodeQuotedPrintable, leafParts, parseMime } from '../workers/support/mime.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../workers/support/smtp.ts';

const SALES = 'sales-team@example.com';
let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url, env: { SALES_EMAIL: SALES } });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const uniqueEmail = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`;
/** Events of one type (the newsletter's work runs after its answer: a global count could move under a test). */
const eventCount = async (type: string) => Number((await app.platform.pool.query('SELECT count(*) FROM es_events WHERE type = $1', [type])).rows[0].count);
const streamOf = (email: string) => `newsletter-${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;
const streamTypes = async (streamId: string) =>
  (await app.platform.pool.query<{ type: string }>('SELECT type FROM es_events WHERE stream_id = $1 ORDER BY stream_version', [streamId])).rows.map((r) => r.type);

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`), adjacent ones joined. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_all, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function readMail(mail: ReceivedMail): { subject: string; text: string; html: string } {
  const root = parseMime(mail.raw);
  const leaves = leafParts(root);
  const text = leaves.find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '';
  const html = leaves.find((p) => p.contentType === 'text/html')?.body.toString('utf8') ?? '';
  return { subject: decodeHeader(root.headers.get('subject') ?? ''), text, html };
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())).map(readMail);
const waitForMails = (address: string, count = 1) =>
  waitFor(() => (mailsTo(address).length >= count ? mailsTo(address) : null), { what: `${count} mail(s) to ${address}` });
const CONFIRM_LINK = /(http:\/\/[^\s"<>]+\/newsletter\/confirm\?token=([0-9a-f]{64}\.[A-Za-z0-9_-]{43}))/;

const contact = (patch: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: uniqueEmail('grace'),
  subject: 'partnership',
  message: 'We would like to resell Nexa CRM in our region.\nCan we talk?',
  locale: 'fr',
  ...patch,
});

describe('contact form', () => {
  it('REST: stores ContactMessageReceived and the sales inbox gets a notification mail', async () => {
    const body = contact();
    const res = await rest(app, '/api/contact', { method: 'POST', json: body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: expect.stringContaining('24 business hours'), messageId: expect.any(String) });
    const { rows } = await app.platform.pool.query('SELECT stream_id, data, schema_version FROM es_events WHERE type = $1 AND stream_id = $2', [
      'ContactMessageReceived',
      `contact-${res.body.messageId}`,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].schema_version).toBe(1);
    expect(rows[0].data).toMatchObject({ name: 'Grace Hopper', email: body.email, subject: 'partnership', locale: 'fr', message: body.message });
    const mail = await waitFor(() => mailsTo(SALES).find((m) => m.text.includes(res.body.messageId)), { what: 'the sales notification' });
    expect(mail.subject).toBe('[Contact · Partnership] Grace Hopper');
    expect(mail.text).toContain(`From: Grace Hopper <${body.email}>`);
    expect(mail.text).toContain('Language: French');
    expect(mail.text).toContain('Can we talk?');
    // The notification's job is named after the event (a replay enqueues nothing new).
    const event = await app.platform.pool.query<{ id: string }>('SELECT event_id AS id FROM es_events WHERE stream_id = $1', [`contact-${res.body.messageId}`]);
    await waitFor(async () => (await app.platform.pool.query('SELECT 1 FROM mail_sent WHERE causation_event_id = $1', [event.rows[0]!.id])).rowCount === 1, {
      what: 'mail_sent row named after the event',
    });
  });

  it('tRPC contact.send: the same, and the visitor text is escaped in the HTML mail', async () => {
    const client = trpcClient(app);
    const res = await client.mutation('contact.send', contact({ name: '<b>Eve</b>', subject: 'support', locale: 'ar' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, messageId: expect.any(String) });
    const mail = await waitFor(() => mailsTo(SALES).find((m) => m.text.includes(res.body.messageId)), { what: 'the sales notification' });
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(101) }],
    ['email', { email: 'not-an-email' }],
    ['subject', { subject: 'lunch' }],
    ['message', { message: '   ' }],
    ['message', { message: 'x'.repeat(5001) }],
    ['locale', { locale: 'de' }],
  ])('refuses a bad %s with 400 naming it, and writes nothing', async (field, patch) => {
    const before = await eventCount('ContactMessageReceived');
    const res = await rest(app, '/api/contact', { method: 'POST', json: contact(patch) });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toContain(field);
    const trpc = await trpcClient(app).mutation('contact.send', contact(patch));
    expect(trpc.status).toBe(400);
    expect(Object.keys(trpc.body.data.fieldErrors)).toEqual([field]);
    expect(await eventCount('ContactMessageReceived')).toBe(before);
  });

  it('names every missing field at once; a body that is not an object is 400, not 500', async () => {
    const res = await rest(app, '/api/contact', { method: 'POST', json: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect((await rest(app, '/api/contact', { method: 'POST', json: [1] })).status).toBe(400);
    expect((await rest(app, '/api/contact', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('newsletter double opt-in', () => {
  it('subscribe → a mail with a link → confirm → confirmed; the link again → still confirmed, nothing written', async () => {
    const email = uniqueEmail('Ada');
    const res = await rest(app, '/api/newsletter/subscribe', { method: 'POST', json: { email, locale: 'fr', source: 'blog' } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, message: expect.stringContaining('Check your inbox') });
    const [mail] = await waitForMails(email);
    expect(mail!.subject).toBe('Confirmez votre inscription à la newsletter');
    const m = CONFIRM_LINK.exec(mail!.text);
    expect(m, mail!.text).not.toBeNull();
    const token = m![2]!;
    expect(m![1]!.startsWith(`${app.baseUrl}/newsletter/confirm?token=`)).toBe(true);
    // The stream is named after the lower-cased address; the token is stored only as its SHA-256.
    const streamId = streamOf(email);
    const requested = await app.platform.pool.query('SELECT data FROM es_events WHERE stream_id = $1', [streamId]);
    expect(requested.rows[0].data).toMatchObject({ email, locale: 'fr', source: 'blog', tokenHash: createHash('sha256').update(token).digest('hex') });
    expect(JSON.stringify(requested.rows)).not.toContain(token.split('.')[1]);

    const confirmed = await rest(app, '/api/newsletter/confirm', { method: 'POST', json: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ success: true, alreadyConfirmed: false });
    expect(await streamTypes(streamId)).toEqual(['NewsletterSubscriptionRequested', 'NewsletterSubscriptionConfirmed']);

    const again = await trpcClient(app).mutation('newsletter.confirm', { token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, alreadyConfirmed: true });
    expect(await streamTypes(streamId)).toEqual(['NewsletterSubscriptionRequested', 'NewsletterSubscriptionConfirmed']);
  });

  it('subscribing again while pending: the same answer, no second mail within the resend interval, one stream per address', async () => {
    const email = uniqueEmail('bob');
    const client = trpcClient(app);
    const first = await client.mutation('newsletter.subscribe', { email, locale: 'ar' });
    // The work runs after each answer: wait for the first request's mail, or the two requests race for the stream
    // (either may win, and the mail speaks the winner's language).
    const [mail] = await waitForMails(email);
    const second = await client.mutation('newsletter.subscribe', { email: `  ${email.toUpperCase()} `, locale: 'en' });
    expect(first.body).toEqual(second.body);
    expect(mail!.subject).toBe('أكّد اشتراكك في النشرة الإخبارية');
    expect(mail!.html).toContain('dir="rtl"');
    await sleep(500);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await streamTypes(streamOf(email))).toEqual(['NewsletterSubscriptionRequested']);
  });

  it('an already confirmed address: the caller still reads "check your inbox"; only the owner is told, by mail', async () => {
    const email = uniqueEmail('cy');
    await rest(app, '/api/newsletter/subscribe', { method: 'POST', json: { email } });
    const [mail] = await waitForMails(email);
    const token = CONFIRM_LINK.exec(mail!.text)![2]!;
    expect((await rest(app, '/api/newsletter/confirm', { method: 'POST', json: { token } })).status).toBe(200);
    const stranger = await rest(app, '/api/newsletter/subscribe', { method: 'POST', json: { email } });
    const newcomer = uniqueEmail('new');
    const unknown = await rest(app, '/api/newsletter/subscribe', { method: 'POST', json: { email: newcomer } });
    expect(stranger.status).toBe(unknown.status);
    expect(stranger.body).toEqual(unknown.body);
    // Within the resend interval of the first mail: nothing more is sent (the later request's mail is out by now).
    await waitForMails(newcomer);
    await sleep(300);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await streamTypes(streamOf(email))).toEqual(['NewsletterSubscriptionRequested', 'NewsletterSubscriptionConfirmed']);
  });

  it('refuses an invalid address with 400 naming it, and writes nothing', async () => {
    const refused = ['not-an-email', '', 'a@b', `${'x'.repeat(250)}@example.com`, 'nope'];
    for (const email of refused.slice(0, 4)) {
      const res = await rest(app, '/api/newsletter/subscribe', { method: 'POST', json: { email } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['email']);
    }
    const trpc = await trpcClient(app).mutation('newsletter.subscribe', { email: 'nope' });
    expect(trpc.status).toBe(400);
    expect(Object.keys(trpc.body.data.fieldErrors)).toEqual(['email']);
    await sleep(200);
    const written = await app.platform.pool.query(`SELECT 1 FROM es_events WHERE type LIKE 'Newsletter%' AND data->>'email' = ANY($1)`, [refused]);
    expect(written.rowCount).toBe(0);
  });

  it('refuses a bad token: malformed 400, unknown 422 newsletter_token_invalid; nothing written', async () => {
    const confirmedBefore = await eventCount('NewsletterSubscriptionConfirmed');
    const malformed = await rest(app, '/api/newsletter/confirm', { method: 'POST', json: { token: 'abc' } });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['token']);
    // A well-formed token for an address that exists, with the wrong secret.
    const email = uniqueEmail('dee');
    await rest(app, '/api/newsletter/subscribe', { method: 'POST', json: { email } });
    const [mail] = await waitForMails(email);
    const real = CONFIRM_LINK.exec(mail!.text)![2]!;
    const forged = `${real.split('.')[0]}.${'A'.repeat(43)}`;
    await waitFor(async () => (await streamTypes(streamOf(email))).length === 1, { what: 'the request event' });
    const refused = await rest(app, '/api/newsletter/confirm', { method: 'POST', json: { token: forged } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'newsletter_token_invalid' });
    const unknown = await trpcClient(app).mutation('newsletter.confirm', { token: `${'0'.repeat(64)}.${'B'.repeat(43)}` });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.domainCode).toBe('newsletter_token_invalid');
    expect(await streamTypes(streamOf(email))).toEqual(['NewsletterSubscriptionRequested']);
    expect(await streamTypes(`newsletter-${'0'.repeat(64)}`)).toEqual([]);
    expect(await eventCount('NewsletterSubscriptionConfirmed')).toBe(confirmedBefore);
  });

  it('the public POST guard rate limits contact.* and newsletter.* (REST and tRPC)', () => {
    expect(publicPostBuckets('POST', '/trpc/contact.send').buckets).toEqual(['contact']);
    expect(publicPostBuckets('POST', '/api/contact').buckets).toEqual(['contact']);
    expect(publicPostBuckets('POST', '/trpc/newsletter.subscribe,newsletter.confirm?batch=1').buckets).toEqual(['newsletter']);
    expect(publicPostBuckets('POST', '/api/newsletter/subscribe').buckets).toEqual(['newsletter']);
    expect(publicPostBuckets('POST', '/api/newsletter/confirm').buckets).toEqual(['newsletter']);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ env: { RATE_LIMIT_PUBLIC_MAX: '2' } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('answers 429 with Retry-After once an address has used up its newsletter or contact requests', async () => {
    const subscribe = () => rest(limited, '/api/newsletter/subscribe', { method: 'POST', json: { email: uniqueEmail('rl') } });
    expect((await subscribe()).status).toBe(202);
    expect((await subscribe()).status).toBe(202);
    const third = await subscribe();
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    const send = () => trpcClient(limited).mutation('contact.send', contact());
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
  });
});
