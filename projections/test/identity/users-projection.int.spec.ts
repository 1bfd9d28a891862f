/**
 * The users read model: rows built from user events, and the Users tab query (spec 01: search, type,
 * status, approval, sort, counters over the filtered set). Both PG setups.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewEvent, type UserEvent, type UserListInput, userListInput, userStreamId } from '@crm/contracts';
import { getUser, listAdminIds, listUsers, rebuildProjection, startProjection, usersProjection } from '@crm/projections';
import { PG_SETUPS } from '../../../test-support/db.ts';
import { type ProjectionTestEnv, allRows, caughtUpOrError, openProjectionTestEnv, projectionState, waitForVisible } from '../support/projection-fixtures.ts';

const BASE = Date.parse('2030-06-15T12:00:00.000Z');
const day = (n: number) => new Date(BASE + n * 86_400_000).toISOString();
const filter = (f: Partial<UserListInput> = {}): UserListInput => userListInput.parse(f);

function ev(e: UserEvent): NewEvent {
  return { id: randomUUID(), type: e.type, schemaVersion: 1, data: e.data, metadata: { correlationId: randomUUID() } };
}
const created = (userId: string, f: { name: string; email: string; userType: 'admin' | 'manager' | 'user'; isApproved?: boolean; isActive?: boolean; at: string }) =>
  ev({
    type: 'UserCreated',
    data: { userId, name: f.name, email: f.email, userType: f.userType, isApproved: f.isApproved ?? true, isActive: f.isActive ?? true, createdAt: f.at },
  });
const registered = (userId: string, name: string, email: string, at: string) => ev({ type: 'UserRegistered', data: { userId, name, email, registeredAt: at } });
const change = (type: 'UserApproved' | 'UserApprovalRevoked' | 'UserActivated' | 'UserDeactivated', userId: string, at: string) =>
  ev({ type, data: { userId, by: null, at } });

describe.each(PG_SETUPS)('users projection on %s PostgreSQL', (setup) => {
  let env: ProjectionTestEnv;
  // admin (oldest), manager, three users with different states.
  const ada = randomUUID(); // admin, approved, active
  const max = randomUUID(); // manager → approved, active; renamed
  const bob = randomUUID(); // registered, pending, active
  const cy = randomUUID(); // user approved then deactivated
  const dee = randomUUID(); // registered → approved → revoked → promoted to manager → deactivated → activated

  beforeAll(async () => {
    env = await openProjectionTestEnv(setup);
    const write = (id: string, events: NewEvent[]) => env.store.append(userStreamId(id), events, { expectedVersion: 'any' });
    await write(ada, [created(ada, { name: 'Ada Admin', email: 'ada@corp.test', userType: 'admin', at: day(0) })]);
    await write(max, [
      created(max, { name: 'Max Manager', email: 'max@corp.test', userType: 'manager', at: day(1) }),
      ev({ type: 'UserProfileUpdated', data: { userId: max, name: 'Maxime 50%_Manager', email: 'MAXIME@corp.test', previousEmail: 'max@corp.test', at: day(2) } }),
    ]);
    await write(bob, [registered(bob, 'bob stone', 'bob@mail.test', day(3))]);
    await write(cy, [created(cy, { name: 'Cy User', email: 'cy@mail.test', userType: 'user', at: day(4) }), change('UserDeactivated', cy, day(5))]);
    await write(dee, [registered(dee, 'Dee', 'dee@mail.test', day(6)), change('UserApproved', dee, day(7))]);
    await write(dee, [
      change('UserApprovalRevoked', dee, day(8)),
      ev({ type: 'UserTypeChanged', data: { userId: dee, from: 'user', to: 'manager', by: null, at: day(9) } }),
      change('UserDeactivated', dee, day(10)),
    ]);
    await write(dee, [change('UserActivated', dee, day(11))]);
    // Password events and other streams change nothing here.
    await write(bob, [ev({ type: 'UserPasswordChanged', data: { userId: bob, via: 'change', at: day(12) } })]);
    const last = await env.store.append('other-1', [{ id: randomUUID(), type: 'SomethingElse', schemaVersion: 1, data: {}, metadata: { correlationId: 'c' } }], {
      expectedVersion: 'any',
    });
    await waitForVisible(env.store, last.checkpoint);
    // Small batches: a user's events are split across batches (and several land in one).
    const runner = startProjection(usersProjection, { pool: env.pool, store: env.store, batchSize: 2 });
    await caughtUpOrError(runner);
    await runner.stop();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('builds one row per account with its latest state', async () => {
    expect(await getUser(env.pool, ada)).toEqual({
      id: ada,
      name: 'Ada Admin',
      email: 'ada@corp.test',
      userType: 'admin',
      isApproved: true,
      isActive: true,
      createdAt: day(0),
      updatedAt: day(0),
    });
    expect(await getUser(env.pool, max)).toMatchObject({ name: 'Maxime 50%_Manager', email: 'MAXIME@corp.test', updatedAt: day(2) });
    expect(await getUser(env.pool, bob)).toMatchObject({ userType: 'user', isApproved: false, isActive: true, createdAt: day(3), updatedAt: day(3) });
    expect(await getUser(env.pool, cy)).toMatchObject({ isApproved: true, isActive: false, updatedAt: day(5) });
    expect(await getUser(env.pool, dee)).toMatchObject({ userType: 'manager', isApproved: false, isActive: true, createdAt: day(6), updatedAt: day(11) });
    expect(await getUser(env.pool, randomUUID())).toBeNull();
    expect(await getUser(env.pool, 'not-a-uuid')).toBeNull();
    const { rows } = await env.pool.query<{ search: string }>('SELECT search FROM users WHERE id = $1', [max]);
    expect(rows[0]!.search).toBe('maxime 50%_manager maxime@corp.test');
    expect((await projectionState(env.pool, 'users'))?.checkpoint).toBe(await env.store.headCheckpoint());
    expect((await listAdminIds(env.pool)).sort()).toEqual([ada]);
  });

  it('indexes creation time, name, e-mail, type and the search text', async () => {
    const { rows } = await env.pool.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'rm_users_g1' ORDER BY indexname`);
    const defs = rows.map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/\(created_at DESC\)/);
    expect(defs).toMatch(/lower\(name\)/);
    expect(defs).toMatch(/lower\(email\)/);
    expect(defs).toMatch(/\(user_type, created_at DESC\)/);
    expect(defs).toMatch(/USING gin \(search gin_trgm_ops\)/);
  });

  it('batches of 2 and a one-batch rebuild give identical rows', async () => {
    const before = await allRows(env.pool, 'users');
    const result = await rebuildProjection(usersProjection, { pool: env.pool, store: env.store, batchSize: 1000 });
    expect(result.generation).toBe(2);
    expect(await allRows(env.pool, 'users')).toEqual(before);
  });

  it('lists newest first with the counters of spec 01 §4 over everything by default', async () => {
    const r = await listUsers(env.pool, filter());
    expect(r.users.map((u) => u.id)).toEqual([dee, cy, bob, max, ada]);
    // pending = not approved (bob, dee); approved & active = both (ada, max); inactive = not active (cy)
    expect(r.counts).toEqual({ total: 5, pendingApproval: 2, approvedActive: 2, inactive: 1 });
    expect(r).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('sorts oldest, by name, by e-mail and by type', async () => {
    const ids = async (sortBy: UserListInput['sortBy']) => (await listUsers(env.pool, filter({ sortBy }))).users.map((u) => u.id);
    expect(await ids('oldest')).toEqual([ada, max, bob, cy, dee]);
    // case-insensitive: "bob stone" sorts between "Ada" and "Cy"
    expect(await ids('name')).toEqual([ada, bob, cy, dee, max]);
    expect(await ids('email')).toEqual([ada, bob, cy, dee, max]);
    // admin, then managers (by name: Dee, Maxime), then users (bob, Cy)
    expect(await ids('type')).toEqual([ada, dee, max, bob, cy]);
  });

  it('searches name and e-mail anywhere, case-insensitively, wildcards literal', async () => {
    const ids = async (search: string) => (await listUsers(env.pool, filter({ search }))).users.map((u) => u.id).sort();
    expect(await ids('ADA')).toEqual([ada]);
    expect(await ids('mail.test')).toEqual([bob, cy, dee].sort());
    expect(await ids('maxime@')).toEqual([max]);
    expect(await ids('max@')).toEqual([]); // the old e-mail is gone
    expect(await ids('50%_')).toEqual([max]);
    expect(await ids('%')).toEqual([max]);
    expect(await ids('_')).toEqual([max]);
    expect(await ids('a%e')).toEqual([]);
    expect(await ids('  stone ')).toEqual([bob]);
    expect(await ids('nobody')).toEqual([]);
  });

  it('filters by type, status and approval; the counters follow the filtered set', async () => {
    const managers = await listUsers(env.pool, filter({ userType: 'manager' }));
    expect(managers.users.map((u) => u.id)).toEqual([dee, max]);
    expect(managers.counts).toEqual({ total: 2, pendingApproval: 1, approvedActive: 1, inactive: 0 });
    const inactive = await listUsers(env.pool, filter({ status: 'inactive' }));
    expect(inactive.users.map((u) => u.id)).toEqual([cy]);
    expect(inactive.counts).toEqual({ total: 1, pendingApproval: 0, approvedActive: 0, inactive: 1 });
    const active = await listUsers(env.pool, filter({ status: 'active' }));
    expect(active.counts).toEqual({ total: 4, pendingApproval: 2, approvedActive: 2, inactive: 0 });
    const pending = await listUsers(env.pool, filter({ approval: 'pending' }));
    expect(pending.users.map((u) => u.id)).toEqual([dee, bob]);
    const approvedUsers = await listUsers(env.pool, filter({ approval: 'approved', userType: 'user' }));
    expect(approvedUsers.users.map((u) => u.id)).toEqual([cy]);
    const none = await listUsers(env.pool, filter({ userType: 'admin', status: 'inactive' }));
    expect(none).toEqual({ users: [], counts: { total: 0, pendingApproval: 0, approvedActive: 0, inactive: 0 }, page: 1, pageSize: 50 });
  });

  it('pages through the sorted set; counters cover every page; a page past the end is empty with the counts', async () => {
    const p1 = await listUsers(env.pool, filter({ sortBy: 'oldest', pageSize: 2 }));
    const p2 = await listUsers(env.pool, filter({ sortBy: 'oldest', pageSize: 2, page: 2 }));
    const p3 = await listUsers(env.pool, filter({ sortBy: 'oldest', pageSize: 2, page: 3 }));
    expect([p1, p2, p3].map((p) => p.users.map((u) => u.id))).toEqual([[ada, max], [bob, cy], [dee]]);
    expect(p2.counts.total).toBe(5);
    const past = await listUsers(env.pool, filter({ page: 9, pageSize: 2 }));
    expect(past.users).toEqual([]);
    expect(past.counts).toEqual({ total: 5, pendingApproval: 2, approvedActive: 2, inactive: 1 });
  });

  it('refuses bad filters at the edge (names the field)', () => {
    for (const [field, value] of [
      ['userType', 'root'],
      ['status', 'asleep'],
      ['approval', 'maybe'],
      ['sortBy', 'id'],
      ['pageSize', 201],
      ['page', 0],
    ] as const) {
      const r = userListInput.safeParse({ [field]: value });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual([field]);
    }
  });
});
