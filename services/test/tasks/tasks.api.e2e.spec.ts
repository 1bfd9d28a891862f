/**
 * Tasks over HTTP (spec 02 §7, Task Manager): REST `GET/POST /api/crm/tasks`, `PUT/DELETE /api/crm/tasks/:id`
 * and tRPC `tasks.*` against a running platform: list filters (`all` = unfiltered), Create Task defaults,
 * status transitions and the completedAt rule, delete, bulk with partial failures, bad input (400 naming the
 * field, nothing written), links to customers and deals, and record-level scope per role.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerStreamId, dealStreamId, todayIn, zonedWallTimeToUtc, type NewEvent } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, trpcClient, type TestAccount } from '../../../test-support/http.ts';

let app: TestApp;
let manager: TestAccount;
let user: TestAccount;
let otherUser: TestAccount;
let managerToken: string;
let userToken: string;
let otherToken: string;

beforeAll(async () => {
  app = await startTestApp();
  manager = await createAccount(app, { userType: 'manager', name: 'Mona Manager' });
  user = await createAccount(app, { userType: 'user', name: 'Uma User' });
  otherUser = await createAccount(app, { userType: 'user', name: 'Otto Other' });
  [managerToken, userToken, otherToken] = await Promise.all([loginToken(app, manager), loginToken(app, user), loginToken(app, otherUser)]);
});
afterAll(async () => {
  await app?.stop();
});

const eventCount = async () => Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);
const api = (path: string, token: string | undefined, init: RequestInit & { json?: unknown } = {}) => rest(app, path, { ...init, ...(token ? { token } : {}) });
const createTask = async (token: string, body: Record<string, unknown>) => {
  const res = await api('/api/crm/tasks', token, { method: 'POST', json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.task as { id: string; [k: string]: unknown };
};
const listIds = async (token: string, query = '') => {
  const res = await api(`/api/crm/tasks${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.tasks as { id: string }[]).map((t) => t.id);
};

describe('POST /api/crm/tasks', () => {
  it('creates with the spec defaults: other, pending, medium, assigned to the caller, due today 23:59 in the business zone, 0 hours, no tags', async () => {
    const before = Date.now();
    const task = await createTask(managerToken, { title: 'Follow up with Ada' });
    const now = new Date(before);
    const zone = 'Europe/Paris'; // the default BUSINESS_TIME_ZONE
    expect(task).toMatchObject({
      title: 'Follow up with Ada',
      description: null,
      type: 'other',
      status: 'pending',
      priority: 'medium',
      assignedTo: manager.id,
      assignedToName: 'Mona Manager',
      customerId: null,
      dealId: null,
      estimatedHours: 0,
      tags: [],
      completedAt: null,
      dueDate: zonedWallTimeToUtc(todayIn(zone, now), '23:59', zone).toISOString(),
    });
  });

  it('takes every field; a calendar-day due date means 23:59 that day; hours are converted to a number', async () => {
    const task = await createTask(managerToken, {
      title: 'Demo for Globex',
      description: 'Bring the slides',
      type: 'demo',
      priority: 'urgent',
      status: 'in_progress',
      dueDate: '2031-03-04T09:30:00.000Z',
      estimatedHours: '2.5',
      tags: ['q1', 'q1', 'big'],
      assignedTo: user.id,
    });
    expect(task).toMatchObject({ type: 'demo', priority: 'urgent', status: 'in_progress', dueDate: '2031-03-04T09:30:00.000Z', estimatedHours: 2.5, tags: ['q1', 'big'], assignedTo: user.id });
    const dayOnly = await createTask(managerToken, { title: 'Day only', dueDate: '2031-03-04' });
    expect(new Date(dayOnly.dueDate as string).getTime()).toBeGreaterThan(new Date('2031-03-04T20:00:00Z').getTime());
  });

  it.each([
    ['title', { title: '  ' }],
    ['type', { title: 'x', type: 'lunch' }],
    ['status', { title: 'x', status: 'done' }],
    ['priority', { title: 'x', priority: 'critical' }],
    ['estimatedHours', { title: 'x', estimatedHours: -1 }],
    ['dueDate', { title: 'x', dueDate: 'tomorrow' }],
    ['assignedTo', { title: 'x', assignedTo: 'bob' }],
    ['customerId', { title: 'x', customerId: 'nope' }],
    ['tags', { title: 'x', tags: 'a,b' }],
  ])('400 naming %s, nothing written', async (field, body) => {
    const before = await eventCount();
    const res = await api('/api/crm/tasks', managerToken, { method: 'POST', json: body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(await eventCount()).toBe(before);
  });

  it('401 without a token', async () => {
    expect((await api('/api/crm/tasks', undefined, { method: 'POST', json: { title: 'x' } })).status).toBe(401);
    expect((await api('/api/crm/tasks', undefined)).status).toBe(401);
  });
});

describe('GET /api/crm/tasks', () => {
  it('filters by status, priority, type and search; all means unfiltered; stats over the filtered set', async () => {
    const tag = randomUUID().slice(0, 8);
    const call = await createTask(managerToken, { title: `Call ${tag}`, type: 'call', priority: 'high' });
    const mail = await createTask(managerToken, { title: `Mail ${tag}`, type: 'email', priority: 'low', description: 'quarterly numbers' });
    const late = await createTask(managerToken, { title: `Late ${tag}`, dueDate: '2020-01-01T00:00:00.000Z' });
    const res = await api(`/api/crm/tasks?status=all&priority=all&type=all&search=${tag}`, managerToken);
    expect(res.body).toMatchObject({ success: true, stats: { total: 3, pending: 3, completed: 0, overdue: 1 } });
    expect(res.body.tasks.map((t: { id: string }) => t.id)).toEqual([late.id, mail.id, call.id]);
    expect(await listIds(managerToken, `?type=call&search=${tag}`)).toEqual([call.id]);
    expect(await listIds(managerToken, `?priority=low&search=${tag}`)).toEqual([mail.id]);
    expect(await listIds(managerToken, `?search=QUARTERLY`)).toContain(mail.id);
    expect(await listIds(managerToken, `?status=completed&search=${tag}`)).toEqual([]);
  });

  it.each([
    ['status', '?status=done'],
    ['priority', '?priority=critical'],
    ['type', '?type=lunch'],
    ['search', `?search=${'x'.repeat(201)}`],
    ['page', '?page=0'],
  ])('400 naming %s for a bad filter', async (field, query) => {
    const res = await api(`/api/crm/tasks${query}`, managerToken);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });
});

describe('PUT /api/crm/tasks/:id', () => {
  it('completing sets completedAt to now (a client-sent completedAt is ignored); any other status clears it', async () => {
    const task = await createTask(managerToken, { title: 'Complete me' });
    const before = Date.now();
    const done = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { status: 'completed', completedAt: '1999-01-01T00:00:00.000Z' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, message: 'Task marked as completed', task: { status: 'completed' } });
    expect(new Date(done.body.task.completedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const started = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { status: 'in_progress', completedAt: new Date().toISOString() } });
    expect(started.body.task).toMatchObject({ status: 'in_progress', completedAt: null });
    const paused = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { status: 'pending', completedAt: null } });
    expect(paused.body.task).toMatchObject({ status: 'pending', completedAt: null });
  });

  it('edits other fields too', async () => {
    const task = await createTask(managerToken, { title: 'Edit me' });
    const res = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { title: 'Edited', priority: 'high', tags: ['x'], dueDate: null } });
    expect(res.body.task).toMatchObject({ title: 'Edited', priority: 'high', tags: ['x'], dueDate: null, status: 'pending' });
  });

  it('Edit Task: every field in one PUT (a due date with a time is kept to the instant), then null clears each optional one; no change writes nothing', async () => {
    const customer = await api('/api/crm/customers', managerToken, { method: 'POST', json: { name: 'Grace Hopper', company: 'Navy' } });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const customerId = customer.body.data.id as string;
    const deal = await api('/api/crm/deals', managerToken, { method: 'POST', json: { title: 'Compiler support', value: 5000, customerId } });
    expect(deal.status, JSON.stringify(deal.body)).toBe(201);
    const dealId = deal.body.deal.id as string;
    const task = await createTask(managerToken, { title: 'Before', description: 'Old notes', tags: ['old'] });

    const edited = await api(`/api/crm/tasks/${task.id}`, managerToken, {
      method: 'PUT',
      json: {
        title: 'After',
        description: 'New notes',
        type: 'meeting',
        priority: 'urgent',
        status: 'in_progress',
        assignedTo: user.id,
        dueDate: '2031-05-06T14:45:00+02:00',
        estimatedHours: 3.25,
        tags: ['new', 'vip'],
        customerId,
        dealId,
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.task).toMatchObject({
      title: 'After',
      description: 'New notes',
      type: 'meeting',
      priority: 'urgent',
      status: 'in_progress',
      assignedTo: user.id,
      assignedToName: 'Uma User',
      dueDate: '2031-05-06T12:45:00.000Z',
      estimatedHours: 3.25,
      tags: ['new', 'vip'],
      customerId,
      customerName: 'Grace Hopper',
      dealId,
      dealTitle: 'Compiler support',
    });
    // The list shows the same.
    const listed = (await api('/api/crm/tasks?search=after', managerToken)).body.tasks.find((t: { id: string }) => t.id === task.id);
    expect(listed).toMatchObject({ title: 'After', dueDate: '2031-05-06T12:45:00.000Z', customerId, dealId, assignedTo: user.id });

    // The same values again: nothing written.
    const before = await eventCount();
    const same = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { title: 'After', dueDate: '2031-05-06T12:45:00Z', tags: ['new', 'vip'], customerId, dealId } });
    expect(same.status).toBe(200);
    expect(await eventCount()).toBe(before);

    // Clearing: description, due date, customer and deal (null), tags ([]), hours (0); a manager may leave it unassigned.
    const cleared = await api(`/api/crm/tasks/${task.id}`, managerToken, {
      method: 'PUT',
      json: { description: null, dueDate: null, customerId: null, dealId: null, tags: [], estimatedHours: 0, assignedTo: null },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.task).toMatchObject({ description: null, dueDate: null, customerId: null, customerName: null, dealId: null, dealTitle: null, tags: [], estimatedHours: 0, assignedTo: null, title: 'After' });
    // An empty description clears it too; a blank title is refused (400 naming it, nothing written).
    const blank = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { title: ' ', description: '' } });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.errors)).toEqual(['title']);
  });

  it('a user may edit their own task but not hand it to someone else (403 task_assign_forbidden, nothing written)', async () => {
    const mine = await createTask(userToken, { title: 'Uma edits this' });
    const ok = await api(`/api/crm/tasks/${mine.id}`, userToken, { method: 'PUT', json: { title: 'Uma edited this', dueDate: '2031-01-02T08:15:00Z', priority: 'low' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.task).toMatchObject({ title: 'Uma edited this', dueDate: '2031-01-02T08:15:00.000Z', priority: 'low' });
    const before = await eventCount();
    const handOff = await api(`/api/crm/tasks/${mine.id}`, userToken, { method: 'PUT', json: { assignedTo: otherUser.id } });
    expect(handOff.status).toBe(403);
    expect(handOff.body.code).toBe('task_assign_forbidden');
    expect(await eventCount()).toBe(before);
  });

  it('400 naming the field, nothing written; 404 for an unknown task', async () => {
    const task = await createTask(managerToken, { title: 'Stay' });
    const before = await eventCount();
    const bad = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { status: 'finished' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
    const badId = await api('/api/crm/tasks/not-a-uuid', managerToken, { method: 'PUT', json: { status: 'completed' } });
    expect(badId.status).toBe(400);
    expect(Object.keys(badId.body.errors)).toEqual(['id']);
    expect((await api(`/api/crm/tasks/${randomUUID()}`, managerToken, { method: 'PUT', json: { status: 'completed' } })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('refuses dates PostgreSQL could not store or that do not exist, and NUL characters, with 400 naming the field; nothing written', async () => {
    const task = await createTask(managerToken, { title: 'Dated' });
    const client = await loginSession(app, manager);
    const before = await eventCount();
    for (const dueDate of ['0000-06-01T00:00:00Z', '0000-06-01', '1899-12-31', '3000-01-01', '2026-02-30']) {
      const created = await api('/api/crm/tasks', managerToken, { method: 'POST', json: { title: 'Year zero', dueDate } });
      expect(created.status, dueDate).toBe(400);
      expect(Object.keys(created.body.errors), dueDate).toEqual(['dueDate']);
      const updated = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { dueDate } });
      expect(updated.status, dueDate).toBe(400);
    }
    const nulBody = await api('/api/crm/tasks', managerToken, { method: 'POST', json: { title: 'a\u0000b', tags: ['ok', 'x\u0000'] } });
    expect(nulBody.status).toBe(400);
    expect(Object.keys(nulBody.body.errors).sort()).toEqual(['tags.1', 'title']);
    const nulQuery = await api('/api/crm/tasks?search=%00', managerToken);
    expect(nulQuery.status).toBe(400);
    expect(Object.keys(nulQuery.body.errors)).toEqual(['search']);
    const nulTrpc = await client.mutation('tasks.create', { title: 'a\u0000b' });
    expect(nulTrpc.status, JSON.stringify(nulTrpc.body)).toBe(400);
    expect(Object.keys(nulTrpc.body.data.fieldErrors)).toEqual(['title']);
    expect(nulTrpc.body.data.fieldIssues).toEqual({ title: [{ kind: 'format' }] });
    expect(await eventCount()).toBe(before);
    // The earliest and latest accepted years are stored and listed.
    const edge = await createTask(managerToken, { title: 'Edge of time', dueDate: '2999-12-31T23:59:59-14:00' });
    expect(edge.dueDate).toBe('3000-01-01T13:59:59.000Z');
    expect(await listIds(managerToken, '?search=edge%20of%20time')).toEqual([edge.id]);
  });
});

describe('DELETE /api/crm/tasks/:id', () => {
  it('removes the task from the list; a second delete is 404', async () => {
    const task = await createTask(managerToken, { title: 'Delete me' });
    const res = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await listIds(managerToken, '?search=delete%20me')).not.toContain(task.id);
    expect((await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'DELETE' })).status).toBe(404);
    expect((await api('/api/crm/tasks/123', managerToken, { method: 'DELETE' })).status).toBe(400);
  });
});

describe('tRPC tasks', () => {
  it('list, create, update, delete and bulk: each id its own command, partial failures reported', async () => {
    const client = await loginSession(app, manager);
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await client.mutation('tasks.create', { title: `Bulk ${tag} ${n}` });
      expect(res.status).toBe(200);
      ids.push(res.body.task.id);
    }
    const missing = randomUUID();
    const complete = await client.mutation('tasks.bulk', { ids: [ids[0], ids[1], missing], action: 'complete' });
    expect(complete.body).toEqual({ action: 'complete', succeeded: [ids[0], ids[1]], failed: [{ id: missing, code: 'task_not_found', message: 'Task not found' }] });
    const list = await client.query('tasks.list', { search: tag });
    expect(list.body.stats).toEqual({ total: 3, pending: 1, completed: 2, overdue: 0 });
    expect(list.body.tasks.filter((t: { status: string }) => t.status === 'completed').every((t: { completedAt: string | null }) => t.completedAt !== null)).toBe(true);

    const updated = await client.mutation('tasks.update', { id: ids[2], status: 'in_progress' });
    expect(updated.body.task).toMatchObject({ id: ids[2], status: 'in_progress' });
    const removed = await client.mutation('tasks.bulk', { ids: [ids[0], ids[2]], action: 'delete' });
    expect(removed.body.succeeded).toEqual([ids[0], ids[2]]);
    expect((await client.query('tasks.list', { search: tag })).body.tasks.map((t: { id: string }) => t.id)).toEqual([ids[1]]);
    expect((await client.mutation('tasks.delete', { id: ids[1] })).body).toEqual({ ok: true });
    expect((await client.query('tasks.list', { search: tag })).body.tasks).toEqual([]);

    // Each bulk action is also one audit entry (BULK_UPDATE) saying who did what to how many.
    const bulkEntries = async () =>
      (
        await app.platform.pool.query(
          `SELECT action, outcome, risk, user_id, details FROM audit_log WHERE event_type = 'TasksBulkActionPerformed' AND details::jsonb->'taskIds' ? $1 ORDER BY position`,
          [ids[0]],
        )
      ).rows;
    await expect.poll(async () => (await bulkEntries()).length, { timeout: 10_000 }).toBe(2);
    const [completed, deleted] = await bulkEntries();
    expect(completed).toMatchObject({ action: 'BULK_UPDATE', outcome: 'warning', risk: 'low', user_id: manager.id, details: { action: 'complete', succeeded: 2, failed: 1 } });
    expect(deleted).toMatchObject({ action: 'BULK_UPDATE', outcome: 'success', risk: 'medium', details: { action: 'delete', taskIds: [ids[0], ids[2]], succeeded: 2, failed: 0 } });
  });

  it('get: one task in reach (the Edit Task deep link); 404 task_not_found when unknown, deleted or out of scope', async () => {
    const mgr = await loginSession(app, manager);
    const uma = await loginSession(app, user);
    const task = await createTask(managerToken, { title: 'Deep linked', dueDate: '2031-07-08T09:10:00Z' });
    const got = await mgr.query('tasks.get', { id: task.id });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body.task).toMatchObject({ id: task.id, title: 'Deep linked', dueDate: '2031-07-08T09:10:00.000Z', assignedToName: 'Mona Manager' });
    const outOfScope = await uma.query('tasks.get', { id: task.id });
    expect(outOfScope.status).toBe(404);
    expect(outOfScope.body.data.domainCode).toBe('task_not_found');
    expect((await mgr.query('tasks.get', { id: randomUUID() })).status).toBe(404);
    expect((await mgr.mutation('tasks.delete', { id: task.id })).status).toBe(200);
    expect((await mgr.query('tasks.get', { id: task.id })).status).toBe(404);
    const badId = await mgr.query('tasks.get', { id: 'nope' });
    expect(badId.status).toBe(400);
    expect(Object.keys(badId.body.data.fieldErrors)).toEqual(['id']);
  });

  it('bad input is 400 naming the field; nothing written', async () => {
    const client = await loginSession(app, manager);
    const before = await eventCount();
    const bad = await client.mutation('tasks.bulk', { ids: [], action: 'complete' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fieldErrors)).toEqual(['ids']);
    const badAction = await client.mutation('tasks.bulk', { ids: [randomUUID()], action: 'archive' });
    expect(Object.keys(badAction.body.data.fieldErrors)).toEqual(['action']);
    const badCreate = await client.mutation('tasks.create', { title: 'x', priority: 'meh' });
    expect(Object.keys(badCreate.body.data.fieldErrors)).toEqual(['priority']);
    expect(await eventCount()).toBe(before);
  });

  it('anonymous callers are refused', async () => {
    const anon = trpcClient(app);
    expect((await anon.query('tasks.list', {})).status).toBe(401);
  });
});

describe('record-level scope', () => {
  it('a user sees and changes only their own tasks, and assigns only to themselves; a manager reaches all', async () => {
    const mine = await createTask(userToken, { title: 'Uma private task' });
    expect(mine.assignedTo).toBe(user.id);
    const forUma = await createTask(managerToken, { title: 'Assigned to Uma by Mona', assignedTo: user.id });
    const monas = await createTask(managerToken, { title: 'Mona only' });

    const umaIds = await listIds(userToken);
    expect(umaIds).toEqual(expect.arrayContaining([mine.id, forUma.id]));
    expect(umaIds).not.toContain(monas.id);
    expect(await listIds(otherToken)).not.toContain(mine.id);
    expect(await listIds(managerToken)).toEqual(expect.arrayContaining([mine.id, forUma.id, monas.id]));

    const before = await eventCount();
    // Another's task: never listed; changing it is 403 (as for customers and deals).
    const notMine = await api(`/api/crm/tasks/${monas.id}`, userToken, { method: 'PUT', json: { status: 'completed' } });
    expect(notMine.status).toBe(403);
    expect(notMine.body.code).toBe('task_out_of_scope');
    expect((await api(`/api/crm/tasks/${mine.id}`, otherToken, { method: 'DELETE' })).status).toBe(403);
    const handOff = await api(`/api/crm/tasks/${mine.id}`, userToken, { method: 'PUT', json: { assignedTo: manager.id } });
    expect(handOff.status).toBe(403);
    const createForOther = await api('/api/crm/tasks', userToken, { method: 'POST', json: { title: 'x', assignedTo: otherUser.id } });
    expect(createForOther.status).toBe(403);
    expect(createForOther.body.code).toBe('task_assign_forbidden');
    expect(await eventCount()).toBe(before);

    const bulk = await (await loginSession(app, user)).mutation('tasks.bulk', { ids: [mine.id, monas.id], action: 'delete' });
    expect(bulk.body).toMatchObject({ succeeded: [mine.id], failed: [{ id: monas.id, code: 'task_out_of_scope' }] });
    expect((await api(`/api/crm/tasks/${monas.id}`, managerToken, { method: 'PUT', json: { status: 'completed' } })).status).toBe(200);
  });
});

describe('links to customers and deals', () => {
  const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, schemaVersion: 1, data, metadata: { correlationId: 'test' } });
  const now = () => new Date().toISOString();
  async function customer(assignedTo: string | null) {
    const customerId = randomUUID();
    await app.platform.store.append(
      customerStreamId(customerId),
      [
        ev('CustomerCreated', {
          customerId, name: `Ada ${customerId.slice(0, 4)}`, email: null, phone: null, company: 'Analytical Engines', website: null, address: null, city: null,
          country: null, industry: null, leadSource: null, notes: null, status: 'lead', leadScore: 0, assignedTo, tags: [], createdAt: now(), createdBy: null,
        }),
      ],
      { expectedVersion: 'no_stream' },
    );
    return customerId;
  }
  async function deal(customerId: string, assignedTo: string | null) {
    const dealId = randomUUID();
    await app.platform.store.append(
      dealStreamId(dealId),
      [
        ev('DealCreated', {
          dealId, title: 'Engine licence', value: 1000, probability: 10, customerId, assignedTo, expectedCloseDate: null, leadSource: null, tags: [],
          stage: 'prospecting', createdAt: now(), createdBy: null, closedAt: null,
        }),
      ],
      { expectedVersion: 'no_stream' },
    );
    return dealId;
  }

  it('links a live customer and deal and shows their names; refuses unknown, deleted or out-of-reach ones (422, nothing written)', async () => {
    const customerId = await customer(manager.id);
    const dealId = await deal(customerId, manager.id);
    await vi.waitFor(async () => {
      const res = await api('/api/crm/tasks', managerToken, { method: 'POST', json: { title: 'Linked', customerId, dealId } });
      expect(res.status).toBe(201);
      expect(res.body.task).toMatchObject({ customerId, customerCompany: 'Analytical Engines', dealId, dealTitle: 'Engine licence' });
    });

    const before = await eventCount();
    const unknown = await api('/api/crm/tasks', managerToken, { method: 'POST', json: { title: 'x', customerId: randomUUID() } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('task_customer_not_found');
    const outOfReach = await api('/api/crm/tasks', userToken, { method: 'POST', json: { title: 'x', customerId } });
    expect(outOfReach.status).toBe(422);
    const otherCustomer = await customer(null);
    const mismatch = await api('/api/crm/tasks', managerToken, { method: 'POST', json: { title: 'x', customerId: otherCustomer, dealId } });
    expect(mismatch.body.code).toBe('task_deal_customer_mismatch');
    const before2 = await eventCount();
    expect(before2 - before).toBe(1); // only the other customer's own event
    await app.platform.store.append(dealStreamId(dealId), [ev('DealDeleted', { dealId, deletedAt: now(), deletedBy: null })], { expectedVersion: 'any' });
    const gone = await api('/api/crm/tasks', managerToken, { method: 'POST', json: { title: 'x', dealId } });
    expect(gone.status).toBe(422);
    expect(gone.body.code).toBe('task_deal_not_found');
  });

  it("moving a task to another customer while keeping its deal is refused when the deal is that other customer's (422, nothing written)", async () => {
    const ada = await customer(manager.id);
    const grace = await customer(manager.id);
    const adaDeal = await deal(ada, manager.id);
    let task!: { id: string };
    await vi.waitFor(async () => {
      const res = await api('/api/crm/tasks', managerToken, { method: 'POST', json: { title: 'Kept deal', customerId: ada, dealId: adaDeal } });
      expect(res.status).toBe(201);
      task = res.body.task;
    });
    const before = await eventCount();
    const moved = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { customerId: grace } });
    expect(moved.status).toBe(422);
    expect(moved.body.code).toBe('task_deal_customer_mismatch');
    expect(await eventCount()).toBe(before);
    const both = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { customerId: grace, dealId: null } });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.task).toMatchObject({ customerId: grace, dealId: null });
  });

  it("a task whose assignee has been deactivated can still be edited (an unchanged assignee is not checked again)", async () => {
    const leaver = await createAccount(app, { userType: 'user', name: 'Lee Leaver' });
    const task = await createTask(managerToken, { title: 'Handover', assignedTo: leaver.id });
    const deactivated = await api('/api/admin/users', managerToken, { method: 'PUT', json: { userId: leaver.id, action: 'activate', value: false } });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    const edited = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { title: 'Handover notes', assignedTo: leaver.id } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const reassigned = await api(`/api/crm/tasks/${task.id}`, managerToken, { method: 'PUT', json: { assignedTo: randomUUID() } });
    expect(reassigned.status).toBe(422);
    expect(reassigned.body.code).toBe('assignee_not_found');
  });
});
