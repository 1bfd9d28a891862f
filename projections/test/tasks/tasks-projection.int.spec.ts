/**
 * The crm_tasks read model: rows built from task events (a deleted task's row removed, partial updates,
 * completedAt set and cleared), and the Task Manager's list query (filters with `all`, search, stats with
 * overdue, record-level scope, customer/deal names joined at query time). Both PG setups.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerStreamId,
  dealStreamId,
  taskCreateInput,
  taskListInput,
  taskUpdateInput,
  taskStreamId,
  type CrmActor,
  type NewEvent,
  type TaskEvent,
  type TaskListPayload,
} from '@crm/contracts';
import { findProjection, getTask, listTasks, startProjection, tasksProjection } from '@crm/projections';
import { createTasksService } from '../../../services/src/tasks/tasks.service.ts';
import { PG_SETUPS } from '../../../test-support/db.ts';
import { type ProjectionTestEnv, allRows, caughtUpOrError, openProjectionTestEnv, waitForVisible } from '../support/projection-fixtures.ts';

const NOW = new Date('2030-06-15T12:00:00.000Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const inHours = (hours: number) => ago(-hours);
const meta = () => ({ correlationId: randomUUID() });
const ev = (e: { type: string; data: unknown }): NewEvent => ({ id: randomUUID(), type: e.type, schemaVersion: 1, data: e.data, metadata: meta() });

const ann = randomUUID();
const bob = randomUUID();
const all: CrmActor = { userId: ann, scope: 'all' };
const bobOnly: CrmActor = { userId: bob, scope: 'own' };

function created(taskId: string, over: Partial<Extract<TaskEvent, { type: 'TaskCreated' }>['data']> = {}): NewEvent {
  return ev({
    type: 'TaskCreated',
    data: {
      taskId,
      title: 'Task',
      description: null,
      type: 'other',
      status: 'pending',
      priority: 'medium',
      assignedTo: ann,
      customerId: null,
      dealId: null,
      dueDate: inHours(48),
      estimatedHours: 0,
      tags: [],
      completedAt: null,
      createdAt: ago(10),
      createdBy: ann,
      ...over,
    },
  });
}
const status = (taskId: string, from: string, to: string, at: string) =>
  ev({ type: 'TaskStatusChanged', data: { taskId, from, to, completedAt: to === 'completed' ? at : null, changedAt: at, changedBy: ann } });

describe.each(PG_SETUPS)('crm_tasks projection on %s PostgreSQL', (setup) => {
  let env: ProjectionTestEnv;
  const a = randomUUID(); // linked, updated, completed
  const b = randomUUID(); // created and deleted in one batch
  const c = randomUUID(); // deleted in a later batch
  const d = randomUUID(); // completed then reopened: completedAt cleared
  const e = randomUUID(); // overdue (bob's)
  const f = randomUUID(); // past due but cancelled: not overdue
  const customerId = randomUUID();
  const dealId = randomUUID();

  beforeAll(async () => {
    env = await openProjectionTestEnv(setup);
    const write = (stream: string, events: NewEvent[]) => env.store.append(stream, events, { expectedVersion: 'any' });
    await write(customerStreamId(customerId), [
      ev({
        type: 'CustomerCreated',
        data: {
          customerId, name: 'Ada Lovelace', email: null, phone: null, company: 'Analytical Engines', website: null, address: null, city: null,
          country: null, industry: null, leadSource: null, notes: null, status: 'lead', leadScore: 0, assignedTo: ann, tags: [], createdAt: ago(100), createdBy: ann,
        },
      }),
    ]);
    await write(dealStreamId(dealId), [
      ev({
        type: 'DealCreated',
        data: {
          dealId, title: 'Engine licence', value: 1000, probability: 10, customerId, assignedTo: ann, expectedCloseDate: null, leadSource: null, tags: [],
          stage: 'prospecting', createdAt: ago(90), createdBy: ann, closedAt: null,
        },
      }),
    ]);
    await write(taskStreamId(a), [
      created(a, { title: 'Call Ada', description: 'About the Engine', type: 'call', priority: 'high', customerId, dealId, createdAt: ago(9), tags: ['vip'] }),
      ev({ type: 'TaskUpdated', data: { taskId: a, changes: { title: 'Call Ada Lovelace', estimatedHours: 1.5, tags: ['vip', 'q3'] }, updatedAt: ago(8), updatedBy: ann } }),
    ]);
    await write(taskStreamId(b), [created(b, { createdAt: ago(7) }), ev({ type: 'TaskDeleted', data: { taskId: b, deletedAt: ago(6), deletedBy: ann } })]);
    await write(taskStreamId(c), [created(c, { title: 'Old chore', createdAt: ago(6) })]);
    await write(taskStreamId(d), [created(d, { title: 'Demo prep', type: 'demo', priority: 'low', createdAt: ago(5) }), status(d, 'pending', 'completed', ago(4))]);
    await write(taskStreamId(e), [created(e, { title: 'Email Bob', type: 'email', assignedTo: bob, dueDate: ago(3), priority: 'urgent', createdAt: ago(4) })]);
    await write(taskStreamId(f), [created(f, { title: 'Cancelled meeting', type: 'meeting', dueDate: ago(3), createdAt: ago(3.5) }), status(f, 'pending', 'cancelled', ago(3))]);
    // Later: updates to rows written in earlier batches.
    await write(taskStreamId(a), [status(a, 'pending', 'completed', ago(2))]);
    await write(taskStreamId(c), [ev({ type: 'TaskDeleted', data: { taskId: c, deletedAt: ago(1), deletedBy: ann } })]);
    const last = await write(taskStreamId(d), [
      status(d, 'completed', 'pending', ago(1)),
      // Only the description changes: the search text must still hold the title, and non-ASCII capitals folded.
      ev({ type: 'TaskUpdated', data: { taskId: d, changes: { description: 'Pour ÉLOÏSE Ørsted' }, updatedAt: ago(1), updatedBy: ann } }),
    ]);
    await waitForVisible(env.store, last.checkpoint);

    for (const def of [tasksProjection, findProjection('crm_customers'), findProjection('crm_deals'), findProjection('users')]) {
      if (!def) continue;
      const runner = startProjection(def, { pool: env.pool, store: env.store, batchSize: 2 });
      await caughtUpOrError(runner);
      await runner.stop();
    }
  });

  afterAll(async () => {
    await env?.close();
  });

  it('keeps one row per live task: deleted rows removed, partial updates applied, completedAt set and cleared', async () => {
    const rows = (await allRows(env.pool, 'crm_tasks', 'created_at')) as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual([a, d, e, f]);
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(row(a)).toMatchObject({
      title: 'Call Ada Lovelace',
      description: 'About the Engine',
      type: 'call',
      status: 'completed',
      priority: 'high',
      customer_id: customerId,
      deal_id: dealId,
      assigned_to: ann,
      estimated_hours: '1.50',
      tags: ['vip', 'q3'],
      completed_at: new Date(ago(2)),
      updated_at: new Date(ago(2)),
      search: 'call ada lovelace about the engine',
    });
    expect(row(d)).toMatchObject({ status: 'pending', completed_at: null, updated_at: new Date(ago(1)) });
  });

  const list = (f: TaskListPayload = {}, actor = all) => listTasks(env.pool, taskListInput.parse(f), actor, NOW);

  it('lists newest first with the stats over the filtered set; overdue = past due, neither completed nor cancelled', async () => {
    const result = await list({ status: 'all', priority: 'all', type: 'all' });
    expect(result.tasks.map((t) => t.id)).toEqual([f, e, d, a]);
    expect(result.stats).toEqual({ total: 4, pending: 2, completed: 1, overdue: 1 });
  });

  it('filters by status, priority, type and search text', async () => {
    expect((await list({ status: 'completed' })).tasks.map((t) => t.id)).toEqual([a]);
    expect((await list({ priority: 'urgent' })).tasks.map((t) => t.id)).toEqual([e]);
    expect((await list({ type: 'demo' })).tasks.map((t) => t.id)).toEqual([d]);
    expect((await list({ search: 'ENGINE' })).tasks.map((t) => t.id)).toEqual([a]);
    expect((await list({ search: '50%' })).tasks).toEqual([]);
    // Lowercased in JavaScript on both sides: the embedded cluster's C locale folds only ASCII in lower().
    expect((await list({ search: 'éloïse ørsted' })).tasks.map((t) => t.id)).toEqual([d]);
    expect((await list({ search: 'ÉLOÏSE' })).tasks.map((t) => t.id)).toEqual([d]);
    expect((await list({ search: 'demo prep pour' })).tasks.map((t) => t.id)).toEqual([d]);
    expect((await list({ customerId })).tasks.map((t) => t.id)).toEqual([a]);
  });

  it('pages newest first, the stats counting every match on every page', async () => {
    const page = (n: number) => listTasks(env.pool, taskListInput.parse({ page: n }), all, NOW, 3);
    expect((await page(1)).tasks.map((t) => t.id)).toEqual([f, e, d]);
    expect(await page(2)).toEqual({ tasks: [expect.objectContaining({ id: a })], stats: { total: 4, pending: 2, completed: 1, overdue: 1 } });
    expect((await page(3)).tasks).toEqual([]);
  });

  it('a user with own scope sees only their tasks', async () => {
    const result = await list({}, bobOnly);
    expect(result.tasks.map((t) => t.id)).toEqual([e]);
    expect(result.stats).toEqual({ total: 1, pending: 1, completed: 0, overdue: 1 });
    expect(await getTask(env.pool, a, bobOnly)).toBeNull();
  });

  it('joins the customer, company and deal title at query time', async () => {
    const view = await getTask(env.pool, a, all);
    expect(view).toMatchObject({
      id: a,
      title: 'Call Ada Lovelace',
      customerId,
      customerName: 'Ada Lovelace',
      customerCompany: 'Analytical Engines',
      dealId,
      dealTitle: 'Engine licence',
      estimatedHours: 1.5,
      completedAt: ago(2),
      status: 'completed',
    });
    expect(await getTask(env.pool, c, all)).toBeNull();
    expect(await getTask(env.pool, 'not-a-uuid', all)).toBeNull();
  });

  it('createTasksService works from a script: readBack false answers from the stream without waiting for the read model', async () => {
    const service = createTasksService({ pool: env.pool, store: env.store, now: () => NOW });
    const ctx = { now: NOW, userId: ann, metadata: meta() };
    const started = Date.now();
    const task = await service.create(taskCreateInput.parse({ title: 'Scripted', dueDate: '2030-06-16' }), all, ctx, { readBack: false });
    expect(task).toMatchObject({ title: 'Scripted', status: 'pending', assignedTo: ann, dueDate: '2030-06-16T23:59:00.000Z', createdAt: NOW.toISOString() });
    const done = await service.update(taskUpdateInput.parse({ id: task.id, status: 'completed' }), all, ctx, { readBack: false });
    expect(done).toMatchObject({ id: task.id, status: 'completed', completedAt: NOW.toISOString(), createdAt: NOW.toISOString() });
    // No projection runs here: waiting for it would have taken the 3 s timeout.
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
