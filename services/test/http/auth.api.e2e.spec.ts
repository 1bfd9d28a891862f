/**
 * Self-registration and password reset over HTTP (REST and tRPC), against a real platform with a real SMTP
 * server capturing the mails.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE, userStreamId } from '@crm/contracts';
import { createQueueFactory } from '@crm/workers';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, rest, trpcClient } from '../../../test-support/http.ts';
import { handleCommand } from '../../src/platform/command-handler.ts';
import { userDecider } from '../../src/identity/user.decider.ts';
import { sleep, waitFor } from '../workers/support/helpers.ts';
import { leafParts, parseMime } from '../workers/support/mime.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../workers/support/smtp.ts';

let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const uniqueEmail = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`;
const eventCount = async () => Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);
const streamTypes = async (userId: string) =>
  (await app.platform.pool.query<{ type: string }>('SELECT type FROM es_events WHERE stream_id = $1 ORDER BY stream_version', [userStreamId(userId)])).rows.map(
    (r) => r.type,
  );
const accountId = async (email: string) =>
  (await app.platform.pool.query<{ id: string }>('SELECT id FROM auth_user WHERE lower(email) = lower($1)', [email])).rows.map((r) => r.id);

/** Subject and decoded plain-text body of a captured mail. */
function readMail(mail: ReceivedMail): { subject: string; text: string; html: string } {
  const root = parseMime(mail.raw);
  const leaves = leafParts(root);
  const text = leaves.find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? '';
  const html = leaves.find((p) => p.contentType === 'text/html')?.body.toString('utf8') ?? '';
  return { subject: root.headers.get('subject') ?? '', text, html };
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())).map(readMail);
const waitForMails = (address: string, count = 1) =>
  waitFor(() => (mailsTo(address).length >= count ? mailsTo(address) : null), { what: `${count} mail(s) to ${address}` });

const RESET_LINK = /(http:\/\/[^\s"<>]+\/admin\/reset-password\?token=([A-Za-z0-9_-]+))/;
/** Requests a reset through REST and returns the token from the mail (the n-th mail to that address). */
async function requestResetToken(email: string, nth = 1): Promise<{ token: string; link: string }> {
  const res = await rest(app, '/api/admin/password-reset?action=request', { method: 'POST', json: { email } });
  expect(res.status).toBe(200);
  const mails = await waitForMails(email, nth);
  const m = RESET_LINK.exec(mails[nth - 1]!.text);
  if (!m) throw new Error(`no reset link in: ${mails[nth - 1]!.text}`);
  return { link: m[1]!, token: m[2]! };
}

const login = (email: string, password: string) => rest(app, '/api/admin/login', { method: 'POST', json: { email, password } });
/** Who a bearer token belongs to (null once its session has ended). */
async function whoIs(token: string) {
  const res = await fetch(`${app.baseUrl}/trpc/auth.me`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: { data: { email: string } | null } }).result.data;
}

const registration = (patch: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: uniqueEmail('ada'),
  password: 'analytical-engine',
  userType: 'user',
  ...patch,
});

describe('POST /api/auth/register', () => {
  it('creates an active, unapproved account of type user whatever userType says, and mails the new user', async () => {
    const body = registration({ userType: 'admin', name: '  Ada Lovelace  ' });
    const res = await rest(app, '/api/auth/register', { method: 'POST', json: body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: expect.stringContaining('awaiting approval'), user: { name: 'Ada Lovelace', userType: 'user' } });
    const [id] = await accountId(body.email as string);
    expect(id).toBeDefined();
    expect(await streamTypes(id!)).toEqual(['UserRegistered']);
    const event = await app.platform.pool.query<{ data: Record<string, unknown> }>('SELECT data FROM es_events WHERE stream_id = $1', [userStreamId(id!)]);
    expect(event.rows[0]!.data).toMatchObject({ name: 'Ada Lovelace', email: body.email });
    expect(JSON.stringify(event.rows[0]!.data)).not.toContain('analytical-engine');

    const [mail] = await waitForMails(body.email as string);
    expect(mail!.subject).toBe('Your registration was received');
    expect(mail!.text).toContain('Hello Ada Lovelace,');
    expect(mail!.text).toContain('awaiting approval');

    // Not approved: the right password hears "awaiting approval", a wrong one only "invalid".
    const right = await login(body.email as string, body.password as string);
    expect([401, 403]).toContain(right.status); // the login flow's choice; refused either way
    expect(right.body.message).toMatch(/awaiting approval/i);
    expect(right.body.token).toBeUndefined();
    const wrong = await login(body.email as string, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).not.toMatch(/approval/i);
  });

  it('writes the mail in the chosen language (Arabic right to left)', async () => {
    const body = registration({ locale: 'ar', name: 'ليلى' });
    expect((await rest(app, '/api/auth/register', { method: 'POST', json: body })).status).toBe(201);
    const [mail] = await waitForMails(body.email as string);
    expect(mail!.text).toContain('مرحبًا ليلى،');
    expect(mail!.html).toContain('dir="rtl"');
  });

  it.each([
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(101) }],
    ['name', { name: 'Ada\r\nBcc: x@example.com' }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: `${'x'.repeat(250)}@example.com` }],
    ['password', { password: 'short12' }],
    ['password', { password: 'x'.repeat(257) }],
    ['password', { password: 12345678 }],
    ['locale', { locale: 'de' }],
  ])('refuses a bad %s with 400 naming it, and writes nothing', async (field, patch) => {
    const before = await eventCount();
    const body = registration(patch);
    const res = await rest(app, '/api/auth/register', { method: 'POST', json: body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toContain(field);
    expect(await eventCount()).toBe(before);
    if (typeof body.email === 'string') expect(await accountId(body.email)).toEqual([]);
  });

  it('names every missing field at once, and answers 400 (not 500) to a body that is not JSON', async () => {
    const empty = await rest(app, '/api/auth/register', { method: 'POST', json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'name', 'password']);
    const broken = await rest(app, '/api/auth/register', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
  });

  it('answers a taken e-mail byte for byte like a fresh one, creates nothing, and tells the owner', async () => {
    const owner = await createAccount(app, { name: 'Owner', email: uniqueEmail('owner') });
    const payload = (email: string) => JSON.stringify({ name: 'Mallory', email, password: 'guessing-game-1', userType: 'user' });
    const send = (email: string) =>
      fetch(`${app.baseUrl}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload(email) });
    const fresh = await send(uniqueEmail('fresh'));
    const taken = await send(owner.email.toUpperCase());
    expect(taken.status).toBe(fresh.status);
    expect(await taken.text()).toBe(await fresh.text());
    expect(taken.headers.get('content-type')).toBe(fresh.headers.get('content-type'));

    expect(await accountId(owner.email)).toEqual([owner.id]);
    expect(await streamTypes(owner.id)).toEqual(['UserCreated']);
    const [mail] = await waitForMails(owner.email);
    expect(mail!.subject).toBe('Someone tried to create an account with your address');
    expect(mail!.text).toContain('log in with your existing account, or reset your password');
    // The owner's password is untouched.
    expect((await login(owner.email, owner.password)).status).toBe(200);
  });

  it('creates exactly one account when the same e-mail registers concurrently', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        rest(app, '/api/auth/register', { method: 'POST', json: { name: 'Racer', email: i % 2 ? email.toUpperCase() : email, password: `password-${i}-long` } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const ids = await accountId(email);
    expect(ids).toHaveLength(1);
    expect(await streamTypes(ids[0]!)).toEqual(['UserRegistered']);
    const registered = await app.platform.pool.query(`SELECT 1 FROM es_events WHERE type = 'UserRegistered' AND lower(data->>'email') = lower($1)`, [email]);
    expect(registered.rowCount).toBe(1);
    // One "received" mail, seven "someone tried" mails.
    const mails = await waitForMails(email, 8);
    expect(mails.filter((m) => m.subject === 'Your registration was received')).toHaveLength(1);
  });
});

describe('password reset over REST', () => {
  it('answers the same for an unknown, a known and a deactivated address, and mails only the active account', async () => {
    const known = await createAccount(app, { email: uniqueEmail('known') });
    const gone = await createAccount(app, { email: uniqueEmail('gone') });
    await handleCommand(
      app.platform.store,
      userStreamId(gone.id),
      userDecider,
      { type: 'DeactivateUser', userId: gone.id, actor: { userId: randomUUID(), userType: 'admin' }, activeAdmins: 2 },
      { now: new Date(), userId: null, metadata: { correlationId: 'test', userId: null, causationId: null } },
    );
    const unknown = uniqueEmail('nobody');
    const ask = (email: string) =>
      fetch(`${app.baseUrl}/api/admin/password-reset?action=request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    const answers = await Promise.all([ask(unknown), ask(known.email), ask(gone.email)]);
    const texts = await Promise.all(answers.map((a) => a.text()));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0]!)).toEqual({ success: true, message: expect.stringContaining('expires in 1 hour') });

    await waitForMails(known.email);
    // The refused requests ran in the background beside the known one: give them time to (not) mail.
    await sleep(500);
    expect(mailsTo(unknown)).toHaveLength(0);
    expect(mailsTo(gone.email)).toHaveLength(0);
    expect(await streamTypes(gone.id)).toEqual(['UserCreated', 'UserDeactivated']);
    expect(await streamTypes(known.id)).toEqual(['UserCreated', 'PasswordResetRequested']);
  });

  it('mails a single-use link with a 256-bit token stored only as its SHA-256, resets, and ends every session', async () => {
    const account = await createAccount(app, { email: uniqueEmail('reset') });
    // Two earlier sessions: a REST bearer token and a browser (cookie) session.
    const bearer = (await login(account.email, account.password)).body.token as string;
    const browser = trpcClient(app);
    expect((await browser.mutation('auth.login', { email: account.email, password: account.password })).status).toBe(200);
    expect(await whoIs(bearer)).toMatchObject({ email: account.email });

    const { token, link } = await requestResetToken(account.email);
    expect(link).toBe(`${app.baseUrl}/admin/reset-password?token=${token}`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const rows = await app.platform.pool.query('SELECT * FROM password_reset_token WHERE user_id = $1', [account.id]);
    expect(rows.rows).toHaveLength(1);
    const row = rows.rows[0] as { token_hash: string; expires_at: Date; created_at: Date; used_at: Date | null };
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows.rows)).not.toContain(token);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(3_600_000);
    expect(row.used_at).toBeNull();
    const events = await app.platform.pool.query(`SELECT data::text AS d FROM es_events WHERE stream_id = $1`, [userStreamId(account.id)]);
    expect(events.rows.map((r: { d: string }) => r.d).join()).not.toContain(token);

    const valid = await rest(app, `/api/admin/password-reset?action=validate&token=${token}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ success: true, email: account.email, message: expect.any(String) });

    const reset = await rest(app, '/api/admin/password-reset?action=reset', { method: 'POST', json: { token, newPassword: 'a-brand-new-secret' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, message: expect.any(String) });

    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, 'a-brand-new-secret')).status).toBe(200);
    // Every earlier session ended, and login history knows why.
    expect(await whoIs(bearer)).toBeNull();
    expect((await browser.query('auth.me')).body).toBeNull();
    const ended = await app.platform.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE type = 'SessionEnded' AND data->>'reason' = 'password_reset'`);
    expect(ended.rows[0].n).toBeGreaterThanOrEqual(2);
    expect(await streamTypes(account.id)).toEqual(['UserCreated', 'PasswordResetRequested', 'UserPasswordChanged']);

    // Single use: the same token again is refused, for validation and for reset.
    const again = await rest(app, '/api/admin/password-reset?action=reset', { method: 'POST', json: { token, newPassword: 'attacker-password' } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, message: 'Invalid or expired reset token' });
    expect((await rest(app, `/api/admin/password-reset?action=validate&token=${token}`)).body).toEqual({ success: false, message: 'Invalid or expired reset token' });
    expect((await login(account.email, 'a-brand-new-secret')).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const account = await createAccount(app, { email: uniqueEmail('expired') });
    const { token } = await requestResetToken(account.email);
    expect((await rest(app, `/api/admin/password-reset?action=validate&token=${token}`)).status).toBe(200);
    // The hour has passed.
    await app.platform.pool.query(`UPDATE password_reset_token SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [account.id]);
    const validate = await rest(app, `/api/admin/password-reset?action=validate&token=${token}`);
    expect(validate.status).toBe(400);
    expect(validate.body).toEqual({ success: false, message: 'Invalid or expired reset token' });
    const reset = await rest(app, '/api/admin/password-reset?action=reset', { method: 'POST', json: { token, newPassword: 'too-late-password' } });
    expect(reset.status).toBe(400);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it('lets only the newest link work, and only one of two concurrent resets win', async () => {
    const account = await createAccount(app, { email: uniqueEmail('twice') });
    const first = await requestResetToken(account.email, 1);
    const second = await requestResetToken(account.email, 2);
    expect((await rest(app, `/api/admin/password-reset?action=validate&token=${first.token}`)).status).toBe(400);
    const results = await Promise.all(
      ['concurrent-one-pw', 'concurrent-two-pw', 'concurrent-three'].map((newPassword) =>
        rest(app, '/api/admin/password-reset?action=reset', { method: 'POST', json: { token: second.token, newPassword } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect((await streamTypes(account.id)).filter((t) => t === 'UserPasswordChanged')).toHaveLength(1);
  });

  it('builds the link from the configured address, never from the Host header', async () => {
    const account = await createAccount(app, { email: uniqueEmail('host') });
    const { port } = new URL(app.baseUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/api/admin/password-reset?action=request', method: 'POST', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email: account.email }));
    });
    expect(status).toBe(200);
    const [mail] = await waitForMails(account.email);
    expect(mail!.text).toContain(`${app.baseUrl}/admin/reset-password?token=`);
    expect(mail!.text + mail!.html).not.toContain('evil.example');
  });

  it('keeps no raw token in the mail queue once the mail is sent', async () => {
    const account = await createAccount(app, { email: uniqueEmail('queue') });
    const { token } = await requestResetToken(account.email);
    const queues = createQueueFactory({ redisUrl: null, databaseUrl: app.platform.databaseUrl, poolSize: 2 });
    try {
      const queue = queues.queue(MAIL_QUEUE);
      await waitFor(async () => {
        const jobs = await queue.getJobs(['completed', 'failed', 'waiting', 'active', 'delayed']);
        return !JSON.stringify(jobs.map((j) => j.data)).includes(token);
      }, { what: 'the reset mail job to be removed' });
    } finally {
      await queues.close();
    }
  });

  it.each([
    ['POST', '/api/admin/password-reset', { email: 'a@example.com' }],
    ['POST', '/api/admin/password-reset?action=delete', { email: 'a@example.com' }],
    ['POST', '/api/admin/password-reset?action=validate', { token: 'x' }],
    ['GET', '/api/admin/password-reset?token=x', undefined],
    ['GET', '/api/admin/password-reset?action=reset&token=x', undefined],
  ])('%s %s without a fitting action is a 400 naming action', async (method, path, json) => {
    const res = await rest(app, path, { method, ...(json ? { json } : {}) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['action']);
    expect(res.body.message).toContain('action');
  });

  it.each([
    ['request', { email: 'nope' }, 'email'],
    ['request', {}, 'email'],
    ['reset', { token: 'abc', newPassword: 'short' }, 'newPassword'],
    ['reset', { newPassword: 'long-enough-pw' }, 'token'],
  ])('refuses bad %s input with 400 naming the field, writing nothing', async (action, json, field) => {
    const before = await eventCount();
    const res = await rest(app, `/api/admin/password-reset?action=${action}`, { method: 'POST', json });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(await eventCount()).toBe(before);
  });

  it('answers an unknown or missing token on validation with 400', async () => {
    expect((await rest(app, '/api/admin/password-reset?action=validate&token=not-a-token')).body).toEqual({ success: false, message: 'Invalid or expired reset token' });
    const missing = await rest(app, '/api/admin/password-reset?action=validate');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['token']);
  });
});

describe('the same over tRPC', () => {
  it('registers (userType ignored), with the same answer for a taken e-mail', async () => {
    const client = trpcClient(app);
    const email = uniqueEmail('trpc');
    const first = await client.mutation('auth.register', { name: 'Grace', email, password: 'cobol-forever', userType: 'admin' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: expect.any(String), user: { name: 'Grace', userType: 'user' } });
    const second = await client.mutation('auth.register', { name: 'Grace', email, password: 'cobol-forever', userType: 'admin' });
    expect(second).toMatchObject({ status: 200, body: first.body });
    expect(await accountId(email)).toHaveLength(1);
    const bad = await client.mutation('auth.register', { name: 'Grace', email, password: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fieldErrors).toEqual({ password: ['must be at least 8 characters'] });
  });

  it('requests, validates and resets; a reused token is refused', async () => {
    const account = await createAccount(app, { email: uniqueEmail('trpc-reset') });
    const session = trpcClient(app);
    expect((await session.mutation('auth.login', { email: account.email, password: account.password })).status).toBe(200);
    const client = trpcClient(app);
    const unknown = await client.mutation('auth.requestPasswordReset', { email: uniqueEmail('nobody'), locale: 'fr' });
    const known = await client.mutation('auth.requestPasswordReset', { email: account.email, locale: 'fr' });
    expect(known).toMatchObject({ status: 200, body: unknown.body });
    const [mail] = await waitForMails(account.email);
    expect(mail!.text).toContain('expire dans 1 heure');
    const token = RESET_LINK.exec(mail!.text)![2]!;

    const valid = await client.query('auth.validateResetToken', { token });
    expect(valid).toMatchObject({ status: 200, body: { success: true, email: account.email } });
    const done = await client.mutation('auth.resetPassword', { token, newPassword: 'trpc-new-password' });
    expect(done).toMatchObject({ status: 200, body: { success: true } });
    expect((await session.query('auth.me')).body).toBeNull();
    expect((await login(account.email, 'trpc-new-password')).status).toBe(200);

    const reused = await client.mutation('auth.resetPassword', { token, newPassword: 'another-password' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('Invalid or expired reset token');
    const invalid = await client.query('auth.validateResetToken', { token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Invalid or expired reset token');
  });
});
