import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  TASK_ERRORS,
  DomainError,
  domainError,
  taskBulkStreamId,
  taskStreamId,
  validateEventData,
  todayIn,
  zonedWallTimeToUtc,
  type CrmActor,
  type EventStore,
  type RecordedEvent,
  type TaskBulkInput,
  type TaskBulkResult,
  type TaskCreateInput,
  type TaskEvent,
  type TaskFields,
  type TaskListInput,
  type TaskListResult,
  type TaskUpdateInput,
  type TaskView,
} from '@crm/contracts';
import { getTask, listTasks } from '@crm/projections';
import { foldHistory, handleCommand, readState } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import { needsAssigneeFacts } from '../crm/crm-assignee.ts';
import { readCustomerFacts, type CustomerFacts } from '../customers/customer.facts.ts';
import { readDealFacts, type DealFacts } from '../deals/deal.facts.ts';
import { readAssigneeFacts } from '../identity/user.facts.ts';
import { taskDecider, type LinkFact, type TaskCommand, type TaskLinks } from './task.decider.ts';

/** The wall-clock time a due date given as a calendar day (or left out: today) falls due, in the business time zone. */
export const TASK_DUE_TIME = '23:59';

export interface TasksServiceDeps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
  /** Zone of "today" and of calendar-day due dates (default UTC). */
  businessTimeZone?: string;
}

export interface WriteOptions {
  /** Default true: wait until `crm_tasks` holds the change, then answer from it. */
  readBack?: boolean;
}

export interface TasksService {
  list(filter: TaskListInput, actor: CrmActor): Promise<TaskListResult>;
  get(id: string, actor: CrmActor): Promise<TaskView>;
  /** `readBack: false` (scripts: seed, benches) answers without waiting for the read model (names not joined). */
  create(input: TaskCreateInput, actor: CrmActor, ctx: CommandContext, options?: WriteOptions): Promise<TaskView>;
  /** `readBack: false` answers from the stream (names not joined) without waiting for the read model. */
  update(input: TaskUpdateInput, actor: CrmActor, ctx: CommandContext, options?: WriteOptions): Promise<TaskView>;
  delete(id: string, actor: CrmActor, ctx: CommandContext): Promise<{ ok: true }>;
  /** Each id is its own command; a refusal for one never stops the others. */
  bulk(input: TaskBulkInput, actor: CrmActor, ctx: CommandContext): Promise<TaskBulkResult>;
}

/** A linked customer's or deal's facts (folded by their own deciders) as the task decider reads them. */
function linkOf(facts: CustomerFacts | DealFacts): LinkFact {
  return { id: facts.id, live: facts.exists && !facts.deleted, assignedTo: facts.assignedTo, ...('customerId' in facts ? { customerId: facts.customerId } : {}) };
}

/** The facts a task command needs: its linked customer and deal, and the assignee it names (when someone else). */
async function commandFacts(
  store: EventStore,
  actor: CrmActor,
  links: { customerId?: string | null; dealId?: string | null; assignedTo?: string | null },
): Promise<TaskLinks> {
  const [customer, deal, assignee] = await Promise.all([
    links.customerId ? readCustomerFacts(store, links.customerId) : undefined,
    links.dealId ? readDealFacts(store, links.dealId) : undefined,
    needsAssigneeFacts(actor, links.assignedTo) ? readAssigneeFacts(store, links.assignedTo) : null,
  ]);
  return { ...(customer ? { customer: linkOf(customer) } : {}), ...(deal ? { deal: linkOf(deal) } : {}), assignee };
}

function createdView(data: Extract<TaskEvent, { type: 'TaskCreated' }>['data']): TaskView {
  const { taskId, createdAt, createdBy: _by, ...fields } = data;
  return { id: taskId, ...fields, assignedToName: null, customerName: null, customerCompany: null, dealTitle: null, updatedAt: createdAt, createdAt };
}

/** A task's view from its stream (for writes that do not wait for the read model). */
function stateView(history: readonly RecordedEvent[], events: readonly TaskEvent[], now: Date): TaskView {
  const state = events.reduce(taskDecider.evolve, foldHistory(taskDecider, history));
  const first = history[0]?.data as { createdAt?: string } | undefined;
  if (state.status === 'none' || state.status === 'deleted') throw domainError(TASK_ERRORS.task_not_found);
  const { taskId, ...fields } = state;
  const createdAt = first?.createdAt ?? now.toISOString();
  return { id: taskId, ...fields, assignedToName: null, customerName: null, customerCompany: null, dealTitle: null, createdAt, updatedAt: events.length ? now.toISOString() : createdAt };
}

async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

export function createTasksService(deps: TasksServiceDeps): TasksService {
  const { pool, store } = deps;
  const timeZone = deps.businessTimeZone ?? 'UTC';

  /** A due date as sent (calendar day, ISO date-time, or nothing) → an instant; `undefined` stays undefined. */
  function dueInstant(value: string | null | undefined, now: Date, defaultToday: boolean): string | null | undefined {
    if (value === undefined || value === null) {
      if (!defaultToday) return value;
      return zonedWallTimeToUtc(todayIn(timeZone, now), TASK_DUE_TIME, timeZone).toISOString();
    }
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return zonedWallTimeToUtc(value, TASK_DUE_TIME, timeZone).toISOString();
    return new Date(value).toISOString();
  }

  async function readBack(id: string, actor: CrmActor, checkpoint: string | null): Promise<TaskView | null> {
    await waitForProjection(deps, 'crm_tasks', checkpoint);
    return getTask(pool, id, actor);
  }

  async function run(id: string, command: TaskCommand, ctx: CommandContext) {
    return handleCommand(store, taskStreamId(id), taskDecider, command, ctx, command.type === 'CreateTask' ? { expectNew: true } : {});
  }

  function updateCommand(input: TaskUpdateInput, actor: CrmActor, ctx: CommandContext, links: TaskLinks): TaskCommand {
    const changes: Partial<TaskFields> = {};
    for (const key of ['title', 'description', 'type', 'priority', 'assignedTo', 'customerId', 'dealId', 'estimatedHours', 'tags'] as const) {
      if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
    }
    const due = dueInstant(input.dueDate, ctx.now, false);
    if (due !== undefined) changes.dueDate = due;
    return { type: 'UpdateTask', taskId: input.id, actor, changes, ...(input.status ? { status: input.status } : {}), ...links };
  }

  return {
    list: (filter, actor) => listTasks(pool, filter, actor, deps.now()),

    async get(id, actor) {
      const view = await getTask(pool, id, actor);
      if (!view) throw domainError(TASK_ERRORS.task_not_found);
      return view;
    },

    async create(input, actor, ctx, options = {}) {
      const taskId = randomUUID();
      const links = await commandFacts(store, actor, input);
      const result = await run(
        taskId,
        {
          type: 'CreateTask',
          taskId,
          actor,
          status: input.status,
          title: input.title,
          description: input.description,
          taskType: input.type,
          priority: input.priority,
          assignedTo: input.assignedTo,
          customerId: input.customerId,
          dealId: input.dealId,
          dueDate: dueInstant(input.dueDate, ctx.now, true) ?? null,
          estimatedHours: input.estimatedHours,
          tags: input.tags,
          ...links,
        },
        ctx,
      );
      const created = result.events[0] as Extract<TaskEvent, { type: 'TaskCreated' }>;
      if (options.readBack === false) return createdView(created.data);
      return (await readBack(taskId, actor, result.checkpoint)) ?? createdView(created.data);
    },

    async update(input, actor, ctx, options = {}) {
      // A new customer with the deal left as it is: the decider checks that deal belongs to the new customer.
      const keptDeal =
        input.customerId && input.dealId === undefined
          ? await readState(store, taskStreamId(input.id), taskDecider).then((task) => ('dealId' in task ? task.dealId : null))
          : undefined;
      const links = await commandFacts(store, actor, { customerId: input.customerId, dealId: input.dealId !== undefined ? input.dealId : keptDeal, assignedTo: input.assignedTo });
      const result = await run(input.id, updateCommand(input, actor, ctx, links), ctx);
      if (options.readBack === false) return stateView(result.history, result.events, ctx.now);
      const view = await readBack(input.id, actor, result.checkpoint);
      if (!view) throw domainError(TASK_ERRORS.task_not_found);
      return view;
    },

    async delete(id, actor, ctx) {
      const result = await run(id, { type: 'DeleteTask', taskId: id, actor }, ctx);
      await waitForProjection(deps, 'crm_tasks', result.checkpoint);
      return { ok: true };
    },

    async bulk(input, actor, ctx) {
      const outcomes = await inBatches(input.ids, 8, async (id) => {
        const command: TaskCommand =
          input.action === 'delete' ? { type: 'DeleteTask', taskId: id, actor } : { type: 'UpdateTask', taskId: id, actor, changes: {}, status: 'completed' };
        try {
          const result = await run(id, command, ctx);
          return { id, ok: true as const, checkpoint: result.checkpoint };
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          return { id, ok: false as const, code: err.code, message: err.message };
        }
      });
      let last: string | null = null;
      for (const o of outcomes) {
        if (o.ok && o.checkpoint && (last === null || store.compareCheckpoints(o.checkpoint, last) > 0)) last = o.checkpoint;
      }
      const succeeded = outcomes.filter((o) => o.ok).map((o) => o.id);
      const failed = outcomes.flatMap((o) => (o.ok ? [] : [{ id: o.id, code: o.code, message: o.message }]));
      // The selection's action as one audited fact (BULK_UPDATE), beside each task's own event.
      const bulkId = randomUUID();
      const performed = { bulkId, action: input.action, taskIds: input.ids, succeeded: succeeded.length, failed: failed.length, by: actor.userId, at: ctx.now.toISOString() };
      await store.append(taskBulkStreamId(bulkId), [{ id: randomUUID(), type: 'TasksBulkActionPerformed', ...validateEventData('TasksBulkActionPerformed', performed), metadata: ctx.metadata }], {
        expectedVersion: 'no_stream',
      });
      await waitForProjection(deps, 'crm_tasks', last);
      return { action: input.action, succeeded, failed };
    },
  };
}
