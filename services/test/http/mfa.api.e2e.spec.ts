/**
 * Multi-factor authentication over real HTTP (REST and tRPC): enrolment from the profile, the login's second
 * step, reused and wrong codes, recovery codes used once, throttling, disabling with password + code, new
 * recovery codes, enrolment required by the MFA-per-role policy, and what the events hold (never a secret).
 * The app's clock is the real one plus an offset the tests move forward by whole 30-second steps.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginToken, rest, trpcClient, type TestAccount } from '../../../test-support/http.ts';
import { decodeBase32, totpCode } from '../../../test-support/totp.ts';
import { createMfaService } from '../../src/identity/mfa.service.ts';
import { createLoginThrottle } from '../../src/security/login-throttle.store.ts';

let app: TestApp;
let offsetMs = 0;
const appNow = () => new Date(Date.now() + offsetMs);
/** Moves the app's clock to the start of a later time step (so the next code is a new one). */
const nextStep = () => {
  offsetMs += 30_000;
};
const code = (secret: string, steps = 0) => totpCode(secret, appNow(), steps);

const restLogin = (account: { email: string; password: string }) => rest(app, '/api/admin/login', { method: 'POST', json: { email: account.email, password: account.password } });
const restMfa = (json: unknown) => rest(app, '/api/admin/login/mfa', { method: 'POST', json });

beforeAll(async () => {
  app = await startTestApp({
    now: appNow,
    env: { LOGIN_FREE_ATTEMPTS: '3', LOGIN_IP_FREE_ATTEMPTS: '100000', LOGIN_BASE_DELAY_MS: '1000', LOGIN_MAX_DELAY_SECONDS: '20', LOGIN_DECAY_MINUTES: '60' },
  });
});
afterAll(async () => {
  await app?.stop();
});

/** Turns MFA on through the Profile procedures; returns the secret and the recovery codes. */
async function enrol(account: TestAccount) {
  const client = trpcClient(app);
  expect((await client.mutation('auth.login', { email: account.email, password: account.password })).body).toMatchObject({ user: { id: account.id }, mfa: null });
  const started = await client.mutation('mfa.startEnrolment');
  expect(started.status).toBe(200);
  const { secret } = started.body as { secret: string };
  const confirmed = await client.mutation('mfa.confirmEnrolment', { code: code(secret) });
  expect(confirmed.status).toBe(200);
  return { client, secret, recoveryCodes: (confirmed.body as { recoveryCodes: string[] }).recoveryCodes };
}

/** The MFA service over the app's database (what the Security Center calls). */
const mfaService = () =>
  createMfaService({ pool: app.platform.pool, store: app.platform.store, throttle: createLoginThrottle(app.platform.pool, { account: NO_THROTTLE, ip: NO_THROTTLE }), now: appNow, secrets: app.platform.secrets! });
const NO_THROTTLE = { freeAttempts: 1000, baseDelayMs: 1, maxDelayMs: 1, decayMs: 1 };

async function mfaEvents(userId: string) {
  const { rows } = await app.platform.pool.query<{ type: string; data: Record<string, unknown> }>(
    `SELECT type, data FROM es_events WHERE stream_id = $1 ORDER BY global_position`,
    [`mfa-${userId}`],
  );
  return rows;
}

describe('enrolment in the profile', () => {
  it('shows a QR code and the secret, refuses a wrong first code, turns MFA on with the right one and shows ten recovery codes once', async () => {
    const account = await createAccount(app);
    const client = trpcClient(app);
    await client.mutation('auth.login', { email: account.email, password: account.password });
    expect((await client.query('mfa.status')).body).toMatchObject({ enabled: false, pending: false });

    const started = await client.mutation('mfa.startEnrolment');
    const { secret, otpauthUri, qrSvg } = started.body as { secret: string; otpauthUri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(otpauthUri).toContain(encodeURIComponent(account.email));
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await client.query('mfa.status')).body).toMatchObject({ enabled: false, pending: true });

    const wrong = await client.mutation('mfa.confirmEnrolment', { code: '000000' === code(secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body)).toContain('mfa_code_invalid');

    const missing = await client.mutation('mfa.confirmEnrolment', {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('code');

    const confirmed = await client.mutation('mfa.confirmEnrolment', { code: code(secret) });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = confirmed.body as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await client.query('mfa.status')).body).toMatchObject({ enabled: true, pending: false, recoveryRemaining: 10 });
    // A second enrolment is refused while MFA is on.
    expect((await client.mutation('mfa.startEnrolment')).status).toBe(409);

    // The key is stored sealed, the recovery codes as hashes; no event carries the secret or a recovery code.
    const stored = await app.platform.pool.query('SELECT totp_key, recovery_hashes FROM auth_mfa WHERE user_id = $1', [account.id]);
    expect(stored.rows[0].totp_key).toMatch(/^sealed:v1:[\w-]+$/);
    expect(app.platform.secrets!.open(stored.rows[0].totp_key, `mfa:${account.id}`)).toBe(Buffer.from(decodeBase32(secret)).toString('hex'));
    expect(stored.rows[0].recovery_hashes).toHaveLength(10);
    expect(stored.rows[0].recovery_hashes.join()).not.toContain(recoveryCodes[0]!.replace(/-/g, ''));
    const events = await mfaEvents(account.id);
    expect(events.map((e) => e.type)).toEqual(['MfaEnrolmentStarted', 'MfaChallengeFailed', 'MfaEnabled']);
    const everything = JSON.stringify(events);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(stored.rows[0].totp_key);
    for (const c of recoveryCodes) expect(everything).not.toContain(c);

    // The Security Center's MFA column, from the user_mfa read model (within the projector's lag).
    await vi.waitFor(async () => expect((await mfaService().mfaStatusByUser([account.id])).get(account.id)).toMatchObject({ enabled: true, enabledAt: expect.any(String) }));
    const someone = await createAccount(app);
    expect((await mfaService().mfaStatusByUser([someone.id])).get(someone.id)).toMatchObject({ enabled: false, enabledAt: null });
  });
});

describe('login with MFA (REST)', () => {
  let account: TestAccount;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    account = await createAccount(app);
    ({ secret, recoveryCodes } = await enrol(account));
  });

  it('an account without MFA logs in in one step, as the spec says', async () => {
    const plain = await createAccount(app);
    const res = await restLogin(plain);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, token: expect.any(String), message: expect.any(String) });
  });

  it('answers mfaRequired with a challenge and no token, then the code gives the token', async () => {
    nextStep();
    const first = await restLogin(account);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: false, mfaRequired: true, challenge: expect.any(String), message: expect.any(String) });
    expect(first.body.token).toBeUndefined();

    const bad = await restMfa({ challenge: first.body.challenge });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('code');

    const wrong = await restMfa({ challenge: first.body.challenge, code: code(secret, 5) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, code: 'mfa_code_invalid' });

    const ok = await restMfa({ challenge: first.body.challenge, code: code(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, token: expect.any(String), message: expect.any(String), user: { id: account.id } });
    expect(ok.body.recoveryCodes).toBeUndefined();
    // The token is a session: an authenticated route accepts it.
    expect((await rest(app, '/api/crm/customers', { token: ok.body.token })).status).toBe(200);

    // The challenge works once.
    const again = await restMfa({ challenge: first.body.challenge, code: code(secret, 1) });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('mfa_challenge_invalid');
    // An unknown challenge is refused the same way.
    expect((await restMfa({ challenge: 'not-a-challenge', code: code(secret) })).body.code).toBe('mfa_challenge_invalid');
  });

  it('refuses a code already used in its time step', async () => {
    nextStep();
    const used = code(secret);
    const first = await restLogin(account);
    expect((await restMfa({ challenge: first.body.challenge, code: used })).status).toBe(200);
    const second = await restLogin(account);
    const reused = await restMfa({ challenge: second.body.challenge, code: used });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('mfa_code_reused');
    // The next step's code works.
    nextStep();
    expect((await restMfa({ challenge: second.body.challenge, code: code(secret) })).status).toBe(200);
  });

  it('a recovery code works once', async () => {
    const first = await restLogin(account);
    const ok = await restMfa({ challenge: first.body.challenge, code: recoveryCodes[0]!.toUpperCase() });
    expect(ok.status).toBe(200);
    const second = await restLogin(account);
    const again = await restMfa({ challenge: second.body.challenge, code: recoveryCodes[0] });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('mfa_code_invalid');
    expect((await restMfa({ challenge: second.body.challenge, code: recoveryCodes[1] })).status).toBe(200);
    const events = await mfaEvents(account.id);
    expect(events.filter((e) => e.type === 'MfaChallengePassed' && e.data.method === 'recovery_code')).toHaveLength(2);
    expect(events.at(-1)?.data).toMatchObject({ recoveryRemaining: 8 });
  });

  it('wrong codes are throttled like passwords (429 with Retry-After), and recorded', async () => {
    const other = await createAccount(app);
    const { secret: otherSecret } = await enrol(other);
    nextStep();
    const login = await restLogin(other);
    const wrongCode = code(otherSecret, 9);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await restMfa({ challenge: login.body.challenge, code: wrongCode })).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const throttled = await restMfa({ challenge: login.body.challenge, code: code(otherSecret) });
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('login_throttled');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    const reasons = (await mfaEvents(other.id)).filter((e) => e.type === 'MfaChallengeFailed').map((e) => e.data.reason);
    expect(reasons).toContain('wrong_code');
    expect(reasons).toContain('throttled');
    // Once the wait is over (the clock moves a step), the right code goes through.
    nextStep();
    expect((await restMfa({ challenge: login.body.challenge, code: code(otherSecret) })).status).toBe(200);
  });
});

describe('login with MFA (tRPC, as the web app)', () => {
  it('auth.login answers the challenge without a session; auth.loginMfa sets the session cookie', async () => {
    const account = await createAccount(app);
    const { secret } = await enrol(account);
    nextStep();
    const client = trpcClient(app);
    const first = await client.mutation('auth.login', { email: account.email, password: account.password });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ user: null, mfa: { challenge: expect.any(String), enrolmentRequired: false, enrolment: null } });
    expect((await client.query('auth.me')).body).toBeNull();
    const wrong = await client.mutation('auth.loginMfa', { challenge: first.body.mfa.challenge, code: code(secret, 7) });
    expect(wrong.status).toBe(422);
    const ok = await client.mutation('auth.loginMfa', { challenge: first.body.mfa.challenge, code: code(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ user: { id: account.id }, recoveryCodes: null });
    expect((await client.query('auth.me')).body).toMatchObject({ id: account.id });
  });
});

describe('profile: new recovery codes and disabling', () => {
  it('new recovery codes need a current code; the old set stops working', async () => {
    const account = await createAccount(app);
    const { client, secret, recoveryCodes } = await enrol(account);
    nextStep();
    expect((await client.mutation('mfa.regenerateRecoveryCodes', { code: '12345' })).status).toBe(422);
    const res = await client.mutation('mfa.regenerateRecoveryCodes', { code: code(secret) });
    expect(res.status).toBe(200);
    const fresh = (res.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const login = await restLogin(account);
    expect((await restMfa({ challenge: login.body.challenge, code: recoveryCodes[2] })).body.code).toBe('mfa_code_invalid');
    expect((await restMfa({ challenge: login.body.challenge, code: fresh[2] })).status).toBe(200);
  });

  it('disabling needs the password and a code; then the login has one step again', async () => {
    const account = await createAccount(app);
    const { client, secret } = await enrol(account);
    nextStep();
    const wrongPassword = await client.mutation('mfa.disable', { password: 'not-the-password', code: code(secret) });
    expect(wrongPassword.status).toBe(422);
    expect(JSON.stringify(wrongPassword.body)).toContain('current_password_incorrect');
    const wrongCode = await client.mutation('mfa.disable', { password: account.password, code: code(secret, 8) });
    expect(wrongCode.status).toBe(422);
    expect(JSON.stringify(wrongCode.body)).toContain('mfa_code_invalid');
    const missing = await client.mutation('mfa.disable', { code: code(secret) });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('password');

    const ok = await client.mutation('mfa.disable', { password: account.password, code: code(secret) });
    expect(ok.status).toBe(200);
    expect((await client.query('mfa.status')).body).toMatchObject({ enabled: false });
    const login = await restLogin(account);
    expect(login.body).toMatchObject({ success: true, token: expect.any(String) });
    expect((await mfaEvents(account.id)).map((e) => e.type).slice(-2)).toEqual(['MfaChallengePassed', 'MfaDisabled']);
    await vi.waitFor(async () => expect((await mfaService().mfaStatusByUser([account.id])).get(account.id)?.enabled).toBe(false));
  });
});

describe('MFA required per role (security policy)', () => {
  it('is off on a fresh install; when required for managers, a manager without MFA enrols at login and gets recovery codes', async () => {
    const manager = await createAccount(app, { userType: 'manager' });
    // Off by default: a one-step login.
    expect((await restLogin(manager)).body).toMatchObject({ success: true });

    const adminToken = await loginToken(app, app.admin);
    const saved = await rest(app, '/api/admin/security/policies/mfa', { method: 'PUT', token: adminToken, json: { requiredRoles: ['manager'] } });
    expect(saved.status).toBe(200);

    const first = await restLogin(manager);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: false,
      mfaRequired: true,
      mfaEnrolmentRequired: true,
      challenge: expect.any(String),
      enrolment: { secret: expect.any(String), otpauthUri: expect.stringMatching(/^otpauth:/), qrSvg: expect.stringMatching(/^<svg/) },
    });
    expect(first.body.token).toBeUndefined();
    // Users are not concerned.
    expect((await restLogin(await createAccount(app))).body).toMatchObject({ success: true });

    const done = await restMfa({ challenge: first.body.challenge, code: code(first.body.enrolment.secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, token: expect.any(String), recoveryCodes: expect.any(Array) });
    expect(done.body.recoveryCodes).toHaveLength(10);

    // From now on the manager's login asks for a code.
    nextStep();
    const next = await restLogin(manager);
    expect(next.body).toMatchObject({ mfaRequired: true });
    expect(next.body.mfaEnrolmentRequired).toBeUndefined();
    expect((await restMfa({ challenge: next.body.challenge, code: code(first.body.enrolment.secret) })).status).toBe(200);
    const types = (await mfaEvents(manager.id)).map((e) => e.type);
    expect(types.slice(0, 3)).toEqual(['MfaChallengeIssued', 'MfaEnrolmentStarted', 'MfaEnabled']);

    await rest(app, '/api/admin/security/policies/mfa', { method: 'PUT', token: adminToken, json: { requiredRoles: [] } });
  });
});
