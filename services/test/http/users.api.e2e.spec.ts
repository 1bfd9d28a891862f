/**
 * The users admin over HTTP (spec 01 §7 GET/PUT /api/admin/users, and tRPC users.list / users.update):
 * who may call what, bad input, moderation rules, read-your-writes, sessions ended on deactivation or
 * revocation, and the last-admin rule under concurrent changes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, trpcClient, type TestAccount } from '../../../test-support/http.ts';

const USERS = '/api/admin/users';

async function eventCount(app: TestApp) {
  return Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);
}
async function sessionCount(app: TestApp, userId: string) {
  return Number((await app.platform.pool.query('SELECT count(*) FROM user_session WHERE user_id = $1', [userId])).rows[0].count);
}
async function sessionEndReasons(app: TestApp, userId: string) {
  const { rows } = await app.platform.pool.query<{ reason: string }>(
    `SELECT e.data->>'reason' AS reason FROM es_events e
      WHERE e.type = 'SessionEnded' AND e.stream_id IN (SELECT stream_id FROM es_events WHERE type = 'LoginSucceeded' AND data->>'userId' = $1)`,
    [userId],
  );
  return rows.map((r) => r.reason);
}

describe('users admin API', () => {
  let app: TestApp;
  let adminToken: string;
  let adminId: string;
  let manager: TestAccount;
  let managerToken: string;
  let plain: TestAccount;
  let plainToken: string;

  const put = (json: unknown, token = adminToken) => rest(app, USERS, { method: 'PUT', json, token });
  const get = (query = '', token = adminToken) => rest(app, `${USERS}${query}`, { token });

  beforeAll(async () => {
    app = await startTestApp();
    adminToken = await loginToken(app, app.admin);
    adminId = (await app.platform.pool.query<{ id: string }>('SELECT id::text AS id FROM auth_user WHERE email = $1', [app.admin.email])).rows[0]!.id;
    manager = await createAccount(app, { userType: 'manager', name: 'Mona Manager' });
    managerToken = await loginToken(app, manager);
    plain = await createAccount(app, { userType: 'user', name: 'Pat Plain' });
    plainToken = await loginToken(app, plain);
    await visible(plain.id);
  });

  /** Accounts made by createAccount reach the read model a moment later (eventual consistency). */
  async function visible(userId: string) {
    await vi.waitFor(async () => {
      const { rowCount } = await app.platform.pool.query('SELECT 1 FROM users WHERE id = $1', [userId]);
      expect(rowCount).toBe(1);
    });
  }
  afterAll(async () => {
    await app?.stop();
  });

  describe('GET /api/admin/users', () => {
    it('401 without a token, 403 for a plain user', async () => {
      expect((await get('', '')).status).toBe(401);
      expect(await rest(app, USERS)).toMatchObject({ status: 401, body: { success: false } });
      expect(await get('', plainToken)).toMatchObject({ status: 403, body: { success: false } });
    });

    it('lists with the spec shape for an admin and a manager', async () => {
      for (const token of [adminToken, managerToken]) {
        const res = await get('', token);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, page: 1, pageSize: 50, counts: { total: expect.any(Number) } });
        const row = res.body.users.find((u: { email: string }) => u.email === manager.email);
        expect(row).toEqual({
          id: manager.id,
          name: 'Mona Manager',
          email: manager.email,
          userType: 'manager',
          isApproved: true,
          isActive: true,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        });
        expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
      }
    });

    it('filters, sorts and counts from the query string', async () => {
      const pending = await createAccount(app, { approved: false, name: 'Zed Pending' });
      await visible(pending.id);
      const res = await get(`?search=${encodeURIComponent(pending.email.toUpperCase())}&approval=pending&userType=user&status=active&sortBy=name`);
      expect(res.status).toBe(200);
      expect(res.body.users.map((u: { id: string }) => u.id)).toEqual([pending.id]);
      expect(res.body.counts).toEqual({ total: 1, pendingApproval: 1, approvedActive: 0, inactive: 0 });
      const admins = await get('?userType=admin');
      expect(admins.body.users.map((u: { id: string }) => u.id)).toEqual([adminId]);
      const paged = await get('?pageSize=1&page=2&sortBy=oldest');
      expect(paged.body).toMatchObject({ page: 2, pageSize: 1 });
      expect(paged.body.users).toHaveLength(1);
    });

    it.each([
      ['userType', '?userType=root'],
      ['status', '?status=asleep'],
      ['approval', '?approval=maybe'],
      ['sortBy', '?sortBy=password_hash'],
      ['pageSize', '?pageSize=500'],
      ['page', '?page=-1'],
    ])('400 naming %s for a bad filter', async (field, query) => {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      expect(res.body.message).toContain(field);
    });
  });

  describe('PUT /api/admin/users', () => {
    it('401 without a token and 403 for a plain user; nothing written', async () => {
      const target = await createAccount(app, { approved: false });
      const before = await eventCount(app);
      expect((await rest(app, USERS, { method: 'PUT', json: { userId: target.id, action: 'approve', value: true } })).status).toBe(401);
      expect((await put({ userId: target.id, action: 'approve', value: true }, plainToken)).status).toBe(403);
      expect(await eventCount(app)).toBe(before);
    });

    it.each([
      ['action', { action: 'delete', value: true }],
      ['action', { value: true }],
      ['userId', { userId: 'not-a-uuid', action: 'approve', value: true }],
      ['userId', { userId: undefined, action: 'activate', value: true }],
      ['value', { action: 'approve', value: 'yes' }],
      ['value', { action: 'activate' }],
      ['value', { action: 'changeType', value: 'root' }],
      ['value', { action: 'changeType', value: true }],
    ])('400 naming %s, nothing written', async (field, patch) => {
      const target = await createAccount(app);
      const before = await eventCount(app);
      const res = await put({ userId: target.id, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      expect(res.body.message).toContain(field);
      expect(await eventCount(app)).toBe(before);
    });

    it('400, not 500, for a body that is not a JSON object', async () => {
      const broken = await rest(app, USERS, { method: 'PUT', token: adminToken, body: '{"userId":', headers: { 'content-type': 'application/json' } });
      expect(broken.status).toBe(400);
      expect((await put([1, 2])).status).toBe(400);
      expect((await put('approve')).status).toBe(400);
    });

    it('an admin approves, revokes, deactivates, activates and changes types; each answer is the updated user', async () => {
      const target = await createAccount(app, { approved: false });
      const steps: [unknown, Record<string, unknown>][] = [
        [{ action: 'approve', value: true }, { isApproved: true }],
        [{ action: 'approve', value: false }, { isApproved: false }],
        [{ action: 'approve', value: true }, { isApproved: true }],
        [{ action: 'activate', value: false }, { isActive: false }],
        [{ action: 'activate', value: true }, { isActive: true }],
        [{ action: 'changeType', value: 'manager' }, { userType: 'manager' }],
        [{ action: 'changeType', value: 'admin' }, { userType: 'admin' }],
        [{ action: 'changeType', value: 'user' }, { userType: 'user' }],
      ];
      for (const [change, expected] of steps) {
        const res = await put({ userId: target.id, ...(change as object) });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, message: expect.any(String), user: { id: target.id, ...expected } });
        // Read-your-writes: the list shows the change at once.
        const listed = await get(`?search=${encodeURIComponent(target.email)}`);
        expect(listed.body.users[0]).toMatchObject(expected);
      }
      const { rows } = await app.platform.pool.query<{ type: string; by: string }>(
        `SELECT type, data->>'by' AS by FROM es_events WHERE stream_id = $1 ORDER BY stream_version`,
        [`user-${target.id}`],
      );
      expect(rows.map((r) => r.type)).toEqual([
        'UserCreated',
        'UserApproved',
        'UserApprovalRevoked',
        'UserApproved',
        'UserDeactivated',
        'UserActivated',
        'UserTypeChanged',
        'UserTypeChanged',
        'UserTypeChanged',
      ]);
      // The actor comes from the session, never from the client.
      expect(rows.slice(1).every((r) => r.by === adminId)).toBe(true);
    });

    it('repeating a change is a no-op that answers with the user and writes nothing', async () => {
      const target = await createAccount(app);
      const before = await eventCount(app);
      const res = await put({ userId: target.id, action: 'approve', value: true });
      expect(res).toMatchObject({ status: 200, body: { success: true, user: { id: target.id, isApproved: true } } });
      expect(await eventCount(app)).toBe(before);
    });

    it('404 for an unknown account', async () => {
      const res = await put({ userId: randomUUID(), action: 'approve', value: true });
      expect(res).toMatchObject({ status: 404, body: { success: false, code: 'user_not_found' } });
    });

    it('a manager approves and deactivates user accounts, and nothing else (403, nothing written)', async () => {
      const target = await createAccount(app, { approved: false });
      expect(await put({ userId: target.id, action: 'approve', value: true }, managerToken)).toMatchObject({ status: 200, body: { user: { isApproved: true } } });
      expect(await put({ userId: target.id, action: 'activate', value: false }, managerToken)).toMatchObject({ status: 200, body: { user: { isActive: false } } });
      expect(await put({ userId: target.id, action: 'activate', value: true }, managerToken)).toMatchObject({ status: 200, body: { user: { isActive: true } } });
      const otherManager = await createAccount(app, { userType: 'manager' });
      const before = await eventCount(app);
      for (const json of [
        { userId: target.id, action: 'changeType', value: 'manager' },
        { userId: otherManager.id, action: 'activate', value: false },
        { userId: otherManager.id, action: 'approve', value: false },
        { userId: adminId, action: 'activate', value: false },
        { userId: manager.id, action: 'activate', value: false },
      ]) {
        const res = await put(json, managerToken);
        expect(res.status, JSON.stringify(json)).toBe(403);
        expect(res.body.success).toBe(false);
      }
      expect(await eventCount(app)).toBe(before);
    });

    it('nobody changes their own account here (409 cannot_change_self)', async () => {
      for (const json of [
        { userId: adminId, action: 'activate', value: false },
        { userId: adminId, action: 'approve', value: false },
        { userId: adminId, action: 'changeType', value: 'manager' },
      ]) {
        expect(await put(json)).toMatchObject({ status: 409, body: { success: false, code: 'cannot_change_self' } });
      }
    });

    it('deactivation ends every session of the account: its token stops working, even after reactivation', async () => {
      const target = await createAccount(app, { userType: 'manager' });
      const token = await loginToken(app, target);
      const browser = await loginSession(app, target);
      expect((await get('', token)).status).toBe(200);
      expect((await browser.query('auth.me')).body).toMatchObject({ id: target.id });
      expect(await sessionCount(app, target.id)).toBe(2);

      expect((await put({ userId: target.id, action: 'activate', value: false })).status).toBe(200);
      expect(await sessionCount(app, target.id)).toBe(0);
      expect((await sessionEndReasons(app, target.id)).sort()).toEqual(['account_deactivated', 'account_deactivated']);
      expect((await get('', token)).status).toBe(401);
      expect((await browser.query('auth.me')).body).toBeNull();

      // The sessions were ended, not merely refused while inactive: reactivation does not revive them.
      expect((await put({ userId: target.id, action: 'activate', value: true })).status).toBe(200);
      expect((await get('', token)).status).toBe(401);
      expect((await get('', await loginToken(app, target))).status).toBe(200);
    });

    it('revoking the approval ends the sessions too', async () => {
      const target = await createAccount(app, { userType: 'manager' });
      const token = await loginToken(app, target);
      expect((await put({ userId: target.id, action: 'approve', value: false })).status).toBe(200);
      expect(await sessionCount(app, target.id)).toBe(0);
      expect((await put({ userId: target.id, action: 'approve', value: true })).status).toBe(200);
      expect((await get('', token)).status).toBe(401);
    });

    it('a demoted manager loses the users admin at its next request', async () => {
      const target = await createAccount(app, { userType: 'manager' });
      const token = await loginToken(app, target);
      expect((await put({ userId: target.id, action: 'changeType', value: 'user' })).status).toBe(200);
      expect((await get('', token)).status).toBe(403);
    });
  });

  describe('tRPC users.list and users.update', () => {
    it('401 anonymous, 403 plain user, allowed for manager and admin', async () => {
      const anonymous = trpcClient(app);
      expect((await anonymous.query('users.list', {})).status).toBe(401);
      expect((await anonymous.mutation('users.update', { userId: plain.id, action: 'approve', value: true })).status).toBe(401);
      const user = await loginSession(app, plain);
      expect((await user.query('users.list', {})).status).toBe(403);
      expect((await user.mutation('users.update', { userId: plain.id, action: 'approve', value: true })).status).toBe(403);
      const mgr = await loginSession(app, manager);
      const list = await mgr.query('users.list', { search: plain.email });
      expect(list.status).toBe(200);
      expect(list.body.users.map((u: { id: string }) => u.id)).toEqual([plain.id]);
    });

    it('updates with the same rules; bad input is 400 naming the field, nothing written', async () => {
      const admin = await loginSession(app, app.admin);
      const mgr = await loginSession(app, manager);
      const target = await createAccount(app, { approved: false });
      const ok = await mgr.mutation('users.update', { userId: target.id, action: 'approve', value: true });
      expect(ok.status).toBe(200);
      expect(ok.body.user).toMatchObject({ id: target.id, isApproved: true });

      const refused = await mgr.mutation('users.update', { userId: target.id, action: 'changeType', value: 'admin' });
      expect(refused.status).toBe(403);

      const before = await eventCount(app);
      const bad = await admin.mutation('users.update', { userId: target.id, action: 'changeType', value: 'root' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.data.fieldErrors)).toEqual(['value']);
      const badAction = await admin.mutation('users.update', { userId: target.id, action: 'nuke', value: true });
      expect(Object.keys(badAction.body.data.fieldErrors)).toEqual(['action']);
      expect(await eventCount(app)).toBe(before);

      const self = await admin.mutation('users.update', { userId: adminId, action: 'activate', value: false });
      expect(self.status).toBe(409);
      expect(self.body.data.domainCode).toBe('cannot_change_self');
    });
  });
});

/**
 * Two admins take each other's rights at the same moment. Without serialisation both would see two
 * active admins and both would win, leaving none. Each round restores two admins and races again.
 */
describe('the last-admin rule under concurrent changes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function activeAdmins() {
    const { rows } = await app.platform.pool.query<{ id: string }>(
      `SELECT id::text AS id FROM users WHERE user_type = 'admin' AND is_active AND is_approved`,
    );
    return rows.map((r) => r.id);
  }

  const races = [
    { name: 'deactivate each other', take: { action: 'activate', value: false }, restore: { action: 'activate', value: true } },
    { name: 'demote each other', take: { action: 'changeType', value: 'user' }, restore: { action: 'changeType', value: 'admin' } },
    { name: 'revoke each other', take: { action: 'approve', value: false }, restore: { action: 'approve', value: true } },
    { name: 'demote each other to manager', take: { action: 'changeType', value: 'manager' }, restore: { action: 'changeType', value: 'admin' } },
  ] as const;

  it.each(races)('$name: exactly one wins, one active admin remains', async ({ take, restore }) => {
    const a = { id: (await app.platform.pool.query<{ id: string }>('SELECT id::text AS id FROM auth_user WHERE email = $1', [app.admin.email])).rows[0]!.id, ...app.admin };
    const b = await createAccount(app, { userType: 'admin' });
    for (let round = 0; round < 3; round++) {
      // One after the other: concurrent logins from one address are throttled as possible guesses.
      const tokenA = await loginToken(app, a);
      const tokenB = await loginToken(app, b);
      const [resA, resB] = await Promise.all([
        rest(app, USERS, { method: 'PUT', token: tokenA, json: { userId: b.id, ...take } }),
        rest(app, USERS, { method: 'PUT', token: tokenB, json: { userId: a.id, ...take } }),
      ]);
      const statuses = [resA.status, resB.status];
      expect(statuses.filter((s) => s === 200), JSON.stringify([resA.body, resB.body])).toHaveLength(1);
      // The loser is refused: it is no longer an admin (403), or it would remove the last one (409). When the
      // winner deactivated or revoked it before the loser's request was even authenticated, that request has
      // no valid account behind its token any more (401): a demoted account is still logged in, so not then.
      const endsLogin = take.action !== 'changeType';
      const refused = statuses.filter((s) => s === 403 || s === 409 || (endsLogin && s === 401));
      expect(refused, JSON.stringify({ statuses, bodies: [resA.body, resB.body] })).toHaveLength(1);
      const winner = resA.status === 200 ? { token: tokenA, self: a, other: b } : { token: tokenB, self: b, other: a };
      expect(await activeAdmins()).toEqual([winner.self.id]);
      const back = await rest(app, USERS, { method: 'PUT', token: winner.token, json: { userId: winner.other.id, ...restore } });
      expect(back.status).toBe(200);
      expect((await activeAdmins()).sort()).toEqual([a.id, b.id].sort());
    }
    // Leave one active admin besides the bootstrap one out of the next race.
    await rest(app, USERS, { method: 'PUT', token: await loginToken(app, a), json: { userId: b.id, action: 'activate', value: false } });
  });
});
