/**
 * The Profile procedures over HTTP (tRPC, cookie sessions as the web app uses them): name and e-mail,
 * password change, the caller's own sessions and signing them out.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, trpcClient, type TestAccount } from '../../../test-support/http.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

type Client = ReturnType<typeof trpcClient>;

const eventCount = async () => Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);
const userEvents = async (userId: string) =>
  (await app.platform.pool.query<{ type: string; data: Record<string, unknown> }>('SELECT type, data FROM es_events WHERE stream_id = $1 ORDER BY stream_version', [`user-${userId}`])).rows;
const storedEmail = async (userId: string) => (await app.platform.pool.query<{ email: string }>('SELECT email FROM auth_user WHERE id = $1', [userId])).rows[0]?.email;
const me = async (client: Client) => (await client.query('auth.me')).body;
/** How each session of a login ended, from its login stream (`login-<loginId>`). */
const endReasons = async (loginId: string) =>
  (await app.platform.pool.query<{ reason: string }>(`SELECT data->>'reason' AS reason FROM es_events WHERE stream_id = $1 AND type = 'SessionEnded'`, [`login-${loginId}`])).rows.map(
    (r) => r.reason,
  );
const loginIdOf = async (client: Client) =>
  ((await client.query('profile.sessions')).body.sessions as { loginId: string; current: boolean }[]).find((s) => s.current)!.loginId;
const loggedIn = async (client: Client) => (await client.query('profile.sessions')).status === 200;

describe('profile procedures need a logged-in caller', () => {
  it.each([
    ['query', 'profile.sessions', undefined],
    ['mutation', 'profile.update', { name: 'X', email: 'x@example.com' }],
    ['mutation', 'profile.changePassword', { currentPassword: 'a-long-test-password', newPassword: 'another-password', confirmPassword: 'another-password' }],
    ['mutation', 'profile.signOutSession', { loginId: randomUUID() }],
    ['mutation', 'profile.signOutEverywhere', undefined],
  ] as const)('anonymous %s %s → 401', async (kind, path, input) => {
    const before = await eventCount();
    const anonymous = trpcClient(app);
    const res = kind === 'query' ? await anonymous.query(path, input) : await anonymous.mutation(path, input);
    expect(res.status).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it('a made-up session cookie is anonymous too', async () => {
    const forged = trpcClient(app, { cookie: `crm_session=${'a'.repeat(40)}` });
    expect((await forged.query('profile.sessions')).status).toBe(401);
  });
});

describe('profile.update', () => {
  let account: TestAccount;
  let client: Client;
  beforeAll(async () => {
    account = await createAccount(app, { name: 'Ada Lovelace' });
    client = await loginSession(app, account);
  });

  it('changes the name (trimmed); auth.me answers the new one; an unchanged profile records nothing', async () => {
    const res = await client.mutation('profile.update', { name: '  Ada King  ', email: account.email });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: account.id, name: 'Ada King', email: account.email });
    expect(await me(client)).toMatchObject({ name: 'Ada King' });
    const events = await userEvents(account.id);
    expect(events.at(-1)).toMatchObject({ type: 'UserProfileUpdated', data: { name: 'Ada King', email: account.email, previousEmail: account.email } });

    const before = await eventCount();
    expect((await client.mutation('profile.update', { name: 'Ada King', email: account.email })).status).toBe(200);
    expect(await eventCount()).toBe(before);
  });

  it('changes the e-mail only with the right current password', async () => {
    const newEmail = `countess.${randomUUID().slice(0, 6)}@example.com`;
    const before = await eventCount();

    const without = await client.mutation('profile.update', { name: 'Ada King', email: newEmail });
    expect(without.status).toBe(400);
    expect(Object.keys(without.body.data.fieldErrors)).toEqual(['currentPassword']);
    expect(without.body.message).toContain('currentPassword');

    const wrong = await client.mutation('profile.update', { name: 'Ada King', email: newEmail, currentPassword: 'not-my-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Current password is incorrect');
    expect(wrong.body.data.domainCode).toBe('current_password_incorrect');
    expect(await eventCount()).toBe(before);
    expect(await storedEmail(account.id)).toBe(account.email);

    const right = await client.mutation('profile.update', { name: 'Ada King', email: newEmail, currentPassword: account.password });
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ email: newEmail, name: 'Ada King' });
    expect(await storedEmail(account.id)).toBe(newEmail);
    expect((await userEvents(account.id)).at(-1)).toMatchObject({ type: 'UserProfileUpdated', data: { email: newEmail, previousEmail: account.email } });

    // The new address logs in; the old one is free again and logs nobody in.
    await expect(loginSession(app, { email: newEmail, password: account.password })).resolves.toBeTruthy();
    expect((await trpcClient(app).mutation('auth.login', { email: account.email, password: account.password })).status).not.toBe(200);
    account = { ...account, email: newEmail };
  });

  it('refuses an address another account has (any letter case) with 409, and changes nothing', async () => {
    const other = await createAccount(app);
    const before = await eventCount();
    const res = await client.mutation('profile.update', { name: 'Ada King', email: other.email.toUpperCase(), currentPassword: account.password });
    expect(res.status).toBe(409);
    expect(res.body.data.domainCode).toBe('email_taken');
    expect(await eventCount()).toBe(before);
    expect(await storedEmail(account.id)).toBe(account.email);
    expect(await storedEmail(other.id)).toBe(other.email);
  });

  it('lets two accounts race for one free address: exactly one gets it', async () => {
    const a = await createAccount(app);
    const b = await createAccount(app);
    const [ca, cb] = [await loginSession(app, a), await loginSession(app, b)];
    const wanted = `wanted.${randomUUID().slice(0, 6)}@example.com`;
    const results = await Promise.all([
      ca.mutation('profile.update', { name: 'A', email: wanted, currentPassword: a.password }),
      cb.mutation('profile.update', { name: 'B', email: wanted, currentPassword: b.password }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = (await app.platform.pool.query('SELECT id FROM auth_user WHERE lower(email) = lower($1)', [wanted])).rows;
    expect(owners).toHaveLength(1);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(101) }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: `${'x'.repeat(250)}@example.com` }],
    ['email', { email: '' }],
    ['currentPassword', { currentPassword: 42 }],
  ])('refuses a bad %s with 400 naming it and writes nothing', async (field, patch) => {
    const before = await eventCount();
    const res = await client.mutation('profile.update', { name: 'Ada King', email: account.email, ...patch });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fieldErrors)).toEqual([field]);
    expect(res.body.message).toContain(field);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a body that is not an object with 400', async () => {
    const res = await client.mutation('profile.update', ['a', 'b']);
    expect(res.status).toBe(400);
  });
});

describe('profile.changePassword', () => {
  it('needs the right current password, ends the other sessions, keeps this one', async () => {
    const account = await createAccount(app);
    const here = await loginSession(app, account, { userAgent: FIREFOX_LINUX });
    const there = await loginSession(app, account, { userAgent: SAFARI_IPHONE });
    const input = { currentPassword: account.password, newPassword: 'a-brand-new-password', confirmPassword: 'a-brand-new-password' };
    const [hereLogin, thereLogin] = [await loginIdOf(here), await loginIdOf(there)];

    const before = await eventCount();
    const wrong = await here.mutation('profile.changePassword', { ...input, currentPassword: 'wrong-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Current password is incorrect');
    const same = await here.mutation('profile.changePassword', { ...input, newPassword: account.password, confirmPassword: account.password });
    expect(same.status).toBe(422);
    expect(same.body.data.domainCode).toBe('password_unchanged');
    expect(await eventCount()).toBe(before);
    expect(await loggedIn(there)).toBe(true);

    const res = await here.mutation('profile.changePassword', input);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, endedSessions: 1 });
    expect((await userEvents(account.id)).at(-1)).toMatchObject({ type: 'UserPasswordChanged', data: { userId: account.id, via: 'change' } });
    expect(JSON.stringify(await userEvents(account.id))).not.toContain('a-brand-new-password');

    expect(await loggedIn(here)).toBe(true);
    expect(await loggedIn(there)).toBe(false);
    expect(await me(there)).toBeNull();
    expect(await endReasons(thereLogin)).toEqual(['password_changed']);
    expect(await endReasons(hereLogin)).toEqual([]);

    expect((await trpcClient(app).mutation('auth.login', { email: account.email, password: account.password })).status).not.toBe(200);
    await expect(loginSession(app, { email: account.email, password: 'a-brand-new-password' })).resolves.toBeTruthy();
  });

  it.each([
    ['newPassword', { newPassword: 'short', confirmPassword: 'short' }],
    ['newPassword', { newPassword: 'x'.repeat(257), confirmPassword: 'x'.repeat(257) }],
    ['confirmPassword', { confirmPassword: 'something-else' }],
    ['currentPassword', { currentPassword: '' }],
  ])('refuses a bad %s with 400 naming it, writes nothing and keeps the password', async (field, patch) => {
    const account = await createAccount(app);
    const client = await loginSession(app, account);
    const before = await eventCount();
    const res = await client.mutation('profile.changePassword', {
      currentPassword: account.password,
      newPassword: 'a-brand-new-password',
      confirmPassword: 'a-brand-new-password',
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fieldErrors)).toEqual([field]);
    expect(res.body.message).toContain(field);
    expect(await eventCount()).toBe(before);
    await expect(loginSession(app, account)).resolves.toBeTruthy();
  });
});

describe('profile.sessions and signing out', () => {
  it('lists the caller’s own sessions with device, browser, IP and which one is current, never a token', async () => {
    const account = await createAccount(app);
    const desktop = await loginSession(app, account, { userAgent: FIREFOX_LINUX });
    const phone = await loginSession(app, account, { userAgent: SAFARI_IPHONE });
    const stranger = await loginSession(app, await createAccount(app));

    const res = await desktop.query('profile.sessions');
    expect(res.status).toBe(200);
    const sessions = res.body.sessions as { loginId: string; device: string; browser: string; os: string; ip: string; current: boolean; createdAt: string; lastSeenAt: string }[];
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current)!;
    const other = sessions.find((s) => !s.current)!;
    expect(current).toMatchObject({ device: 'desktop', browser: 'Firefox 132', os: 'Linux', ip: expect.stringMatching(/127\.0\.0\.1/) });
    expect(other).toMatchObject({ device: 'mobile', browser: 'Safari 17', os: 'iOS 17.0' });
    for (const s of sessions) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
    const text = JSON.stringify(res.body);
    for (const client of [desktop, phone, stranger]) expect(text).not.toContain(client.cookie!.split('=')[1]);
    expect((await phone.query('profile.sessions')).body.sessions.find((s: { current: boolean }) => s.current).loginId).toBe(other.loginId);
  });

  it('signs out one session by its id; another user’s or an unknown id answers 404 alike', async () => {
    const account = await createAccount(app);
    const desktop = await loginSession(app, account, { userAgent: FIREFOX_LINUX });
    const phone = await loginSession(app, account, { userAgent: SAFARI_IPHONE });
    const strangerAccount = await createAccount(app);
    const stranger = await loginSession(app, strangerAccount);
    const strangerLoginId = (await stranger.query('profile.sessions')).body.sessions[0].loginId as string;

    const foreign = await desktop.mutation('profile.signOutSession', { loginId: strangerLoginId });
    const unknown = await desktop.mutation('profile.signOutSession', { loginId: randomUUID() });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body.message).toBe(unknown.body.message);
    expect(foreign.body.data.domainCode).toBe(unknown.body.data.domainCode);
    expect(await loggedIn(stranger)).toBe(true);

    const bad = await desktop.mutation('profile.signOutSession', { loginId: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fieldErrors)).toEqual(['loginId']);

    const phoneLoginId = (await desktop.query('profile.sessions')).body.sessions.find((s: { current: boolean }) => !s.current).loginId;
    const res = await desktop.mutation('profile.signOutSession', { loginId: phoneLoginId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, current: false });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await loggedIn(phone)).toBe(false);
    expect(await loggedIn(desktop)).toBe(true);
    expect(await endReasons(phoneLoginId)).toEqual(['signed_out']);
    expect(await endReasons(strangerLoginId)).toEqual([]);
    expect((await desktop.query('profile.sessions')).body.sessions).toHaveLength(1);
    expect((await desktop.mutation('profile.signOutSession', { loginId: phoneLoginId })).status).toBe(404);
  });

  it('signing out the current session clears its cookie', async () => {
    const account = await createAccount(app);
    const client = await loginSession(app, account);
    const loginId = (await client.query('profile.sessions')).body.sessions[0].loginId;
    const res = await client.mutation('profile.signOutSession', { loginId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current: true });
    expect(res.headers.get('set-cookie')).toMatch(/^crm_session=;/);
    expect(client.cookie).toBeNull();
    expect(await me(client)).toBeNull();
  });

  it('sign out everywhere ends every session of the caller, this one included, and no one else’s', async () => {
    const account = await createAccount(app);
    const desktop = await loginSession(app, account, { userAgent: FIREFOX_LINUX });
    const phone = await loginSession(app, account, { userAgent: SAFARI_IPHONE });
    const stranger = await loginSession(app, await createAccount(app));
    const staleCookie = desktop.cookie;
    const logins = [await loginIdOf(desktop), await loginIdOf(phone)];

    const res = await desktop.mutation('profile.signOutEverywhere');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, ended: 2 });
    expect(res.headers.get('set-cookie')).toMatch(/^crm_session=;/);
    expect(await loggedIn(phone)).toBe(false);
    expect(await loggedIn(trpcClient(app, { cookie: staleCookie }))).toBe(false);
    expect(await loggedIn(stranger)).toBe(true);
    for (const loginId of logins) expect(await endReasons(loginId)).toEqual(['signed_out_everywhere']);
  });
});

describe('guessing the current password', () => {
  it('is throttled like the login form (429 with Retry-After), even for the right password while the wait runs', async () => {
    const account = await createAccount(app);
    const client = await loginSession(app, account);
    const guess = (currentPassword: string) =>
      client.mutation('profile.changePassword', { currentPassword, newPassword: 'a-brand-new-password', confirmPassword: 'a-brand-new-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 8 && !statuses.includes(429); i++) statuses.push((await guess(`wrong-guess-${i}`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 422)).toBe(true);
    const right = await guess(account.password);
    expect(right.status).toBe(429);
    expect(right.body.data.domainCode).toBe('login_throttled');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    const email = await client.mutation('profile.update', { name: 'X', email: `other.${randomUUID().slice(0, 6)}@example.com`, currentPassword: account.password });
    expect(email.status).toBe(429);
    expect(await storedEmail(account.id)).toBe(account.email);
  });
});
