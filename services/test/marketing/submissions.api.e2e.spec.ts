/**
 * The Form Submissions tab's reads over HTTP (issue 16): tRPC `marketing.submissions.list` and REST
 * `GET /api/marketing/submissions` agree; search, form, spam and date filters, paging, spamTotal under the same
 * filters, and who may read (marketing:read: admins and managers; users 403).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadFormView, SubmissionListResult } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest } from '../../../test-support/http.ts';
import { sleep, waitFor } from '../workers/support/helpers.ts';

let app: TestApp;
let managerToken: string;
let form: LeadFormView;
let other: LeadFormView;
const tag = randomUUID().slice(0, 8);

const api = (path: string, init: RequestInit & { json?: unknown } = {}) => rest(app, path, { ...init, token: managerToken });
const list = async (query: string): Promise<SubmissionListResult> => {
  const res = await api(`/api/marketing/submissions?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

async function submitMany(target: LeadFormView, names: string[], extra: Record<string, unknown> = {}) {
  const tokens = await Promise.all(names.map(async () => (await rest(app, `/api/forms/${target.slug}`)).body.formToken as string));
  await sleep(1100);
  for (const [i, name] of names.entries()) {
    const res = await rest(app, `/api/forms/${target.slug}/submissions`, { method: 'POST', json: { formToken: tokens[i], data: { full_name: name, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${tag}@example.com` }, ...extra } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

beforeAll(async () => {
  app = await startTestApp({ env: { FORM_MIN_FILL_SECONDS: '1' } });
  const manager = await createAccount(app, { userType: 'manager' });
  managerToken = await loginToken(app, manager);
  const create = async (name: string) => (await api('/api/marketing/forms', { method: 'POST', json: { name, title: name } })).body.form as LeadFormView;
  [form, other] = await Promise.all([create(`Newsletter ${tag}`), create(`Webinar ${tag}`)]);
  await submitMany(form, ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'], { utmSource: 'LinkedIn' });
  await submitMany(other, ['Edsger Dijkstra']);
  // One spam (honeypot) on the first form.
  const token = (await rest(app, `/api/forms/${form.slug}`)).body.formToken as string;
  await rest(app, `/api/forms/${form.slug}/submissions`, { method: 'POST', json: { formToken: token, data: { full_name: 'Bot', email: `bot.${tag}@example.com` }, website: 'x' } });
  await waitFor(async () => (await list(`formId=${form.id}`)).total === 3 && (await list(`formId=${form.id}`)).spamTotal === 1, { what: 'the submissions projected' });
}, 90_000);
afterAll(async () => {
  await app?.stop();
});

describe('marketing.submissions.list / GET /api/marketing/submissions', () => {
  it('newest first, paged, with the total and the spam under the same filters', async () => {
    const page1 = await list(`formId=${form.id}&limit=2&page=1`);
    expect(page1).toMatchObject({ total: 3, spamTotal: 1, page: 1, limit: 2 });
    expect(page1.submissions.map((s) => s.submissionData.full_name)).toEqual(['Grace Hopper', 'Alan Turing']);
    const page2 = await list(`formId=${form.id}&limit=2&page=2`);
    expect(page2.submissions.map((s) => s.submissionData.full_name)).toEqual(['Ada Lovelace']);
    expect((await list(`formId=${form.id}&spam=only`)).submissions.map((s) => s.spamReason)).toEqual(['honeypot']);
  });

  it('search (answers, e-mail, form name), UTM source (any case), dates in the business zone', async () => {
    expect((await list(`search=${encodeURIComponent('turing')}&formId=${form.id}`)).submissions.map((s) => s.submissionData.full_name)).toEqual(['Alan Turing']);
    expect((await list(`search=${encodeURIComponent(`webinar ${tag}`)}`)).total).toBe(1);
    expect((await list(`utmSource=linkedin&search=${tag}`)).total).toBe(3);
    expect((await list(`search=${tag}&from=2000-01-01&to=2000-01-02`)).total).toBe(0);
    // Today in Europe/Paris is today or yesterday in UTC: a window of three days around it holds every submission.
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`search=${tag}&from=${day(-1)}&to=${day(1)}`)).total).toBe(4);
  });

  it('tRPC answers the same as REST; a user gets 403, bad filters 400 naming them', async () => {
    const manager = await createAccount(app, { userType: 'manager' });
    const session = await loginSession(app, manager);
    const trpc = await session.query('marketing.submissions.list', { formId: form.id });
    expect(trpc.status).toBe(200);
    const { success, ...viaRest } = await list(`formId=${form.id}`) as SubmissionListResult & { success: boolean };
    expect(success).toBe(true);
    expect(trpc.body).toEqual(viaRest);
    const user = await createAccount(app, { userType: 'user' });
    expect((await rest(app, '/api/marketing/submissions', { token: await loginToken(app, user) })).status).toBe(403);
    const bad = await api('/api/marketing/submissions?spam=maybe&from=yesterday&limit=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'limit', 'spam']);
  });
});
