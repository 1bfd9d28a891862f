/**
 * The security policies are enforced (issue 14, Security Policies tab), over real HTTP: the password policy at
 * registration, reset and change; the session timeouts; the admin IP allow list and its self-lockout guard.
 * One app whose clock the tests move forward (session timeouts) and which trusts 127.0.0.1 as a proxy, so a test
 * chooses the client address with X-Forwarded-For.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, trpcClient, type TestAccount } from '../../../test-support/http.ts';

let app: TestApp;
let adminToken: string;
let admin: { id: string };
let offsetMs = 0;
const advance = (minutes: number) => {
  offsetMs += minutes * 60_000;
};

const POLICIES = '/api/admin/security/policies';
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const put = (kind: string, json: unknown, token = adminToken, headers: Record<string, string> = {}) =>
  rest(app, `${POLICIES}/${kind}`, { method: 'PUT', json, token, headers });
const register = (password: string, email = `reg-${randomUUID().slice(0, 8)}@example.com`) =>
  rest(app, '/api/auth/register', { method: 'POST', json: { name: 'Ada Lovelace', email, password } });
const accountCount = async (email: string) =>
  Number((await app.platform.pool.query('SELECT count(*) FROM auth_user WHERE lower(email) = lower($1)', [email])).rows[0].count);

/** The invitation link's token from the mail the app wrote under DATA_DIR/mail (no SMTP server in this suite). */
async function invitationToken(email: string): Promise<string> {
  const dir = path.join(app.dataDir, 'mail');
  for (let i = 0; i < 200; i++) {
    for (const file of existsSync(dir) ? readdirSync(dir) : []) {
      const raw = readFileSync(path.join(dir, file), 'utf8');
      if (!raw.includes(email)) continue;
      // Quoted-printable: soft line breaks go, `=3D` is `=`.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const m = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(text);
      if (m) return m[1]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail to ${email}`);
}

beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, now: () => new Date(Date.now() + offsetMs) });
  adminToken = await loginToken(app, app.admin);
  admin = (await app.platform.pool.query<{ id: string }>('SELECT id FROM auth_user WHERE email = $1', [app.admin.email])).rows[0]!;
});
afterAll(async () => {
  await app?.stop();
});

describe('reading and changing the policies', () => {
  it('answers the defaults on a fresh install: 8 characters and the common list, the environment timeouts, no MFA, no allow list', async () => {
    const res = await rest(app, POLICIES, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data.policies).toEqual({
      password: { minLength: 8, refuseCommon: true },
      session: { idleMinutes: 30, absoluteHours: 12 },
      mfa: { requiredRoles: [] },
      adminIpAllowList: { enabled: false, entries: [] },
    });
    expect(res.body.data.changes).toEqual({ password: null, session: null, mfa: null, adminIpAllowList: null });
    expect(res.body.data.yourIp).toBe('127.0.0.1');
  });

  it('is read with security:read and changed with security:manage only', async () => {
    const manager = await createAccount(app, { userType: 'manager' });
    const token = await loginToken(app, manager);
    expect((await rest(app, POLICIES, { token })).status).toBe(403);
    expect((await put('password', { minLength: 12, refuseCommon: true }, token)).status).toBe(403);
    expect((await rest(app, POLICIES)).status).toBe(401);
  });

  it('refuses out-of-range settings with 400 naming the field', async () => {
    const short = await put('password', { minLength: 6, refuseCommon: true });
    expect(short.status).toBe(400);
    expect(short.body.errors.minLength).toBeDefined();
    const idle = await put('session', { idleMinutes: 0, absoluteHours: 12 });
    expect(idle.status).toBe(400);
    expect(idle.body.errors.idleMinutes).toBeDefined();
    const roles = await put('mfa', { requiredRoles: ['admin', 'root'] });
    expect(roles.status).toBe(400);
    expect(Object.keys(roles.body.errors)[0]).toMatch(/^requiredRoles/);
  });

  it('records each change as an event with who changed it, and the MFA roles through current()', async () => {
    // Managers (the MFA login step reads the roles through securityPolicies.current(): admins stay free here).
    const res = await put('mfa', { requiredRoles: ['manager'] });
    expect(res.status).toBe(200);
    expect(res.body.data.mfa).toEqual({ requiredRoles: ['manager'] });
    expect((await rest(app, POLICIES, { token: adminToken })).body.data).toMatchObject({
      policies: { mfa: { requiredRoles: ['manager'] } },
      changes: { mfa: { by: admin.id, at: expect.any(String) }, password: null },
    });
    const { rows } = await app.platform.pool.query(
      `SELECT type, data, metadata FROM es_events WHERE stream_id = 'security-policies' ORDER BY global_position`,
    );
    expect(rows.at(-1)).toMatchObject({ type: 'MfaPolicyUpdated', data: { requiredRoles: ['manager'], by: admin.id }, metadata: { userId: admin.id } });
    // Saved again unchanged: nothing more is recorded.
    await put('mfa', { requiredRoles: ['manager'] });
    const again = await app.platform.pool.query(`SELECT count(*) FROM es_events WHERE stream_id = 'security-policies'`);
    expect(Number(again.rows[0].count)).toBe(rows.length);
    await put('mfa', { requiredRoles: [] });
  });
});

describe('password policy', () => {
  let person: TestAccount;
  beforeAll(async () => {
    person = await createAccount(app);
  });

  it('refuses a common password at registration (REST and tRPC), creating nothing', async () => {
    const email = `common-${randomUUID().slice(0, 8)}@example.com`;
    const res = await register('password123', email);
    expect(res.status).toBe(400);
    expect(res.body.errors.password[0]).toMatch(/too common/);
    expect(await accountCount(email)).toBe(0);

    const trpc = await trpcClient(app).mutation('auth.register', { name: 'Ada', email, password: 'Sunshine1' });
    expect(trpc.status).toBe(400);
    expect(trpc.body.data.fieldErrors.password[0]).toMatch(/too common/);
    expect(trpc.body.data.fieldIssues.password).toEqual([{ kind: 'commonPassword' }]);
    expect(await accountCount(email)).toBe(0);
  });

  it('refuses a common password when the password is changed in the Profile tab, and keeps the old one', async () => {
    const client = await loginSession(app, person);
    const res = await client.mutation('profile.changePassword', { currentPassword: person.password, newPassword: 'iloveyou1', confirmPassword: 'iloveyou1' });
    expect(res.status).toBe(400);
    expect(res.body.data.fieldErrors.newPassword[0]).toMatch(/too common/);
    expect(await loginToken(app, person)).toEqual(expect.any(String));
  });

  it('refuses a common password at reset, and the token still works for a good one', async () => {
    const token = randomBytes(32).toString('base64url');
    await app.platform.pool.query('INSERT INTO password_reset_token (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
      createHash('sha256').update(token).digest('hex'),
      person.id,
      new Date(Date.now() + offsetMs + 3_600_000),
    ]);
    const weak = await rest(app, '/api/admin/password-reset?action=reset', { method: 'POST', json: { token, newPassword: 'qwertyuiop' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPassword[0]).toMatch(/too common/);
    const good = await rest(app, '/api/admin/password-reset?action=reset', { method: 'POST', json: { token, newPassword: 'a-brand-new-passphrase' } });
    expect(good.status).toBe(200);
    person = { ...person, password: 'a-brand-new-passphrase' };
  });

  it('refuses a common password when an invitation is accepted, and the invitation still works', async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await rest(app, '/api/admin/users/invitations', { method: 'POST', token: adminToken, json: { email, role: 'user' } });
    expect(invited.status).toBe(201);
    const token = await invitationToken(email);
    const weak = await rest(app, '/api/auth/invitation/accept', { method: 'POST', json: { token, name: 'Invited Person', password: 'football123' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password[0]).toMatch(/too common/);
    expect(await accountCount(email)).toBe(0);
    const good = await rest(app, '/api/auth/invitation/accept', { method: 'POST', json: { token, name: 'Invited Person', password: 'a-much-better-passphrase' } });
    expect(good.status).toBe(200);
    expect(await accountCount(email)).toBe(1);
  });

  it('refuses a password shorter than a raised minimum (registration, change), and accepts a long enough one', async () => {
    const saved = await put('password', { minLength: 16, refuseCommon: true });
    expect(saved.status).toBe(200);
    const res = await register('fifteen-chars-1');
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toEqual(['must be at least 16 characters']);
    expect((await register('sixteen-chars-12')).status).toBe(201);

    const client = await loginSession(app, person);
    const change = await client.mutation('profile.changePassword', { currentPassword: person.password, newPassword: 'still-too-short', confirmPassword: 'still-too-short' });
    expect(change.status).toBe(400);
    expect(change.body.data.fieldIssues.newPassword).toEqual([{ kind: 'tooShort', limit: 16 }]);

    // Audited: the change is an UPDATE of the security_policy `password` with the changed field old → new.
    await vi.waitFor(
      async () => {
        const audit = await rest(app, '/api/admin/audit-logs?entity=security_policy&dateRange=all&limit=50', { token: adminToken });
        const entry = audit.body.data.find((e: { eventType: string; details: { minLength?: number } }) => e.eventType === 'PasswordPolicyUpdated' && e.details.minLength === 16);
        expect(entry).toMatchObject({ action: 'UPDATE', entity: 'security_policy', entityId: 'password', userId: admin.id });
        expect(entry.changes).toContainEqual(expect.objectContaining({ field: 'minLength', newValue: 16 }));
      },
      { timeout: 10_000, interval: 200 },
    );

    expect((await put('password', { minLength: 8, refuseCommon: false })).status).toBe(200);
    // With the list turned off a common password of the minimum length passes.
    expect((await register('password123')).status).toBe(201);
    expect((await put('password', { minLength: 8, refuseCommon: true })).status).toBe(200);
  });
});

describe('session timeouts', () => {
  let person: TestAccount;
  const customers = (token: string) => rest(app, '/api/crm/customers', { token });
  beforeAll(async () => {
    person = await createAccount(app);
  });

  it('ends a session idle past the policy idle timeout, which replaces SESSION_IDLE_MINUTES', async () => {
    const token = await loginToken(app, person);
    advance(6);
    // The default (30 minutes from the environment) still holds: 6 idle minutes are fine.
    expect((await customers(token)).status).toBe(200);
    expect((await put('session', { idleMinutes: 5, absoluteHours: 12 })).status).toBe(200);
    advance(6);
    expect((await customers(token)).status).toBe(401);
    const ended = await app.platform.pool.query(`SELECT data FROM es_events WHERE type = 'SessionEnded' AND data->>'userId' = $1`, [person.id]);
    expect(ended.rows.map((r) => r.data.reason)).toContain('idle_timeout');
  });

  it('ends a session at the policy absolute timeout even while it is in use', async () => {
    expect((await put('session', { idleMinutes: 30, absoluteHours: 0.1 }, await loginToken(app, app.admin))).status).toBe(200);
    const token = await loginToken(app, person);
    advance(4);
    expect((await customers(token)).status).toBe(200);
    advance(3);
    expect((await customers(token)).status).toBe(401);
    expect((await put('session', { idleMinutes: 30, absoluteHours: 12 }, await loginToken(app, app.admin))).status).toBe(200);
  });
});

describe('admin IP allow list', () => {
  let token: string;
  beforeAll(async () => {
    token = await loginToken(app, app.admin);
  });

  it('refuses a list that leaves out the admin saving it (self-lockout guard), and nothing changes', async () => {
    const res = await put('admin-ip-allow-list', { enabled: true, entries: ['10.0.0.0/8'] }, token, from('203.0.113.9'));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('allow_list_excludes_you');
    expect(res.body.message).toContain('203.0.113.9');
    expect((await rest(app, POLICIES, { token, headers: from('203.0.113.9') })).body.data.policies.adminIpAllowList.enabled).toBe(false);
    // An entry that is not an address or range is refused too.
    const bad = await put('admin-ip-allow-list', { enabled: true, entries: ['10.0.0.0/8', 'intranet'] }, token, from('10.1.2.3'));
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('invalid_allow_list_entry');
  });

  it('when enabled, refuses admin routes and permission-guarded procedures from other addresses with 403; public and own-account calls still work', async () => {
    const saved = await put('admin-ip-allow-list', { enabled: true, entries: ['10.0.0.0/8', '2001:db8::/32'] }, token, from('10.1.2.3'));
    expect(saved.status).toBe(200);
    expect(saved.body.data.adminIpAllowList).toEqual({ enabled: true, entries: ['10.0.0.0/8', '2001:db8::/32'] });

    expect((await rest(app, '/api/admin/users', { token, headers: from('10.9.9.9') })).status).toBe(200);
    expect((await rest(app, '/api/admin/users', { token, headers: from('2001:db8::7') })).status).toBe(200);
    const outside = await rest(app, '/api/admin/users', { token, headers: from('203.0.113.9') });
    expect(outside.status).toBe(403);
    expect(outside.body.code).toBe('ip_not_allowed');
    // No forwarded address: the socket's own, 127.0.0.1, is outside too; anonymous callers get the same 403.
    expect((await rest(app, '/api/admin/users', { token })).status).toBe(403);
    expect((await rest(app, '/api/crm/customers')).status).toBe(403);

    // tRPC, as the web app calls it (cookie session from 127.0.0.1).
    const web = await loginSession(app, app.admin);
    const list = await web.query('users.list', {});
    expect(list.status).toBe(403);
    expect(list.body.data.domainCode).toBe('ip_not_allowed');
    // Logging in, who am I, and one's own profile are not the admin area.
    expect((await web.query('auth.me')).status).toBe(200);
    expect((await web.query('profile.sessions')).status).toBe(200);
    expect((await rest(app, '/api/admin/login', { method: 'POST', json: app.admin, headers: from('203.0.113.9') })).status).toBe(200);

    // Turned off from inside: everyone is back.
    expect((await put('admin-ip-allow-list', { enabled: false, entries: ['10.0.0.0/8'] }, token, from('10.1.2.3'))).status).toBe(200);
    expect((await rest(app, '/api/admin/users', { token })).status).toBe(200);
    expect((await web.query('users.list', {})).status).toBe(200);
  });
});
