import {
  TASK_ERRORS,
  domainError,
  actorReaches,
  type CrmActor,
  type TaskEvent,
  type TaskFields,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '@crm/contracts';
import { requireActiveAssignee, type AssigneeFacts } from '../crm/crm-assignee.ts';
import type { CommandContext, Decider } from '../platform/decider.ts';

export type TaskState =
  | { status: 'none' }
  | { status: 'deleted'; taskId: string }
  | ({ status: TaskStatus; taskId: string; completedAt: string | null } & TaskFields);

/**
 * What the service read from a linked customer's or deal's stream, handed to the decider so the rule
 * ("the link must exist, be live and be within the actor's reach") stays pure. `customerId` is the deal's customer.
 */
export interface LinkFact {
  id: string;
  live: boolean;
  assignedTo: string | null;
  customerId?: string | null;
}

export interface TaskLinks {
  /** Present when the command sets the customer link to a customer (not when it clears it or leaves it). */
  customer?: LinkFact;
  deal?: LinkFact;
  /** Facts about the named assignee when it is someone other than the actor (crm/crm-assignee.ts). */
  assignee?: AssigneeFacts | null;
}

export type TaskCommand =
  | ({
      type: 'CreateTask';
      taskId: string;
      actor: CrmActor;
      status: TaskStatus;
      title: string;
      description: string | null;
      taskType: TaskType;
      priority: TaskPriority;
      /** undefined: the actor. */
      assignedTo: string | null | undefined;
      customerId: string | null;
      dealId: string | null;
      dueDate: string | null;
      estimatedHours: number;
      tags: string[];
    } & TaskLinks)
  | ({
      type: 'UpdateTask';
      taskId: string;
      actor: CrmActor;
      changes: Partial<TaskFields>;
      status?: TaskStatus;
    } & TaskLinks)
  | { type: 'DeleteTask'; taskId: string; actor: CrmActor };

const initialState: TaskState = { status: 'none' };

function evolve(state: TaskState, event: TaskEvent): TaskState {
  switch (event.type) {
    case 'TaskCreated': {
      const { createdAt: _c, createdBy: _b, ...rest } = event.data;
      return rest;
    }
    case 'TaskUpdated':
      return state.status === 'none' || state.status === 'deleted' ? state : { ...state, ...event.data.changes };
    case 'TaskStatusChanged':
      return state.status === 'none' || state.status === 'deleted'
        ? state
        : { ...state, status: event.data.to, completedAt: event.data.completedAt };
    case 'TaskDeleted':
      return { status: 'deleted', taskId: event.data.taskId };
    default: {
      const never: never = event;
      return never;
    }
  }
}

type LiveTask = Extract<TaskState, { completedAt: string | null }>;

/**
 * A task that does not exist or was deleted: 404. One assigned to someone else, for an actor with `own` scope:
 * 403 (as for customers and deals; reads never show it, see tasks.queries.ts).
 */
function requireReachable(state: TaskState, actor: CrmActor): asserts state is LiveTask {
  if (state.status === 'none' || state.status === 'deleted') throw domainError(TASK_ERRORS.task_not_found);
  if (!actorReaches(actor, state.assignedTo)) throw domainError(TASK_ERRORS.task_out_of_scope);
}

function checkAssignee(actor: CrmActor, assignedTo: string | null) {
  if (actor.scope !== 'all' && assignedTo !== actor.userId) {
    throw domainError(TASK_ERRORS.task_assign_forbidden);
  }
}

/** The customer and deal a task links to must exist, be live and be within the actor's reach; the deal must belong to the customer. */
function checkLinks(actor: CrmActor, customerId: string | null, dealId: string | null, links: TaskLinks, taskCustomerId = customerId) {
  if (customerId !== null) {
    const c = links.customer;
    if (!c || c.id !== customerId || !c.live || !actorReaches(actor, c.assignedTo)) {
      throw domainError(TASK_ERRORS.task_customer_not_found);
    }
  }
  if (dealId !== null) {
    const d = links.deal;
    if (!d || d.id !== dealId || !d.live || !actorReaches(actor, d.assignedTo)) {
      throw domainError(TASK_ERRORS.task_deal_not_found);
    }
    if (taskCustomerId !== null && d.customerId != null && d.customerId !== taskCustomerId) {
      throw domainError(TASK_ERRORS.task_deal_customer_mismatch);
    }
  }
}

function statusChange(taskId: string, from: TaskStatus, to: TaskStatus, ctx: CommandContext): TaskEvent {
  const at = ctx.now.toISOString();
  return { type: 'TaskStatusChanged', data: { taskId, from, to, completedAt: to === 'completed' ? at : null, changedAt: at, changedBy: ctx.userId } };
}

const FIELD_KEYS = ['title', 'description', 'type', 'priority', 'assignedTo', 'customerId', 'dealId', 'dueDate', 'estimatedHours', 'tags'] as const;

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  if (typeof a === 'string' && typeof b === 'string' && !Number.isNaN(Date.parse(a)) && /T/.test(a) && /T/.test(b)) {
    return Date.parse(a) === Date.parse(b);
  }
  return a === b;
}

function decide(command: TaskCommand, state: TaskState, ctx: CommandContext): TaskEvent[] {
  const at = ctx.now.toISOString();
  switch (command.type) {
    case 'CreateTask': {
      if (state.status !== 'none') throw domainError(TASK_ERRORS.task_exists);
      const assignedTo = command.assignedTo === undefined ? command.actor.userId : command.assignedTo;
      checkAssignee(command.actor, assignedTo);
      requireActiveAssignee(command.actor, assignedTo, undefined, command.assignee);
      checkLinks(command.actor, command.customerId, command.dealId, command);
      return [
        {
          type: 'TaskCreated',
          data: {
            taskId: command.taskId,
            title: command.title,
            description: command.description,
            type: command.taskType,
            status: command.status,
            priority: command.priority,
            assignedTo,
            customerId: command.customerId,
            dealId: command.dealId,
            dueDate: command.dueDate,
            estimatedHours: command.estimatedHours,
            tags: command.tags,
            completedAt: command.status === 'completed' ? at : null,
            createdAt: at,
            createdBy: ctx.userId,
          },
        },
      ];
    }
    case 'UpdateTask': {
      requireReachable(state, command.actor);
      const changes: Partial<TaskFields> = {};
      for (const key of FIELD_KEYS) {
        const value = command.changes[key];
        if (value !== undefined && !sameValue(value, state[key])) (changes as Record<string, unknown>)[key] = value;
      }
      if (changes.assignedTo !== undefined) {
        checkAssignee(command.actor, changes.assignedTo);
        requireActiveAssignee(command.actor, changes.assignedTo, state.assignedTo, command.assignee);
      }
      // Only links that change are checked (an existing link to a since-deleted customer does not block other edits).
      checkLinks(
        command.actor,
        changes.customerId !== undefined ? changes.customerId : null,
        changes.dealId !== undefined ? changes.dealId : null,
        command,
        changes.customerId !== undefined ? changes.customerId : state.customerId,
      );
      // A new customer with the deal left as it is: that deal must belong to the new customer too (the service
      // hands in the kept deal's facts).
      if (changes.customerId != null && changes.dealId === undefined && state.dealId !== null) {
        const kept = command.deal;
        if (kept?.id === state.dealId && kept.customerId != null && kept.customerId !== changes.customerId) {
          throw domainError(TASK_ERRORS.task_deal_customer_mismatch);
        }
      }
      const events: TaskEvent[] = [];
      if (Object.keys(changes).length > 0) {
        events.push({ type: 'TaskUpdated', data: { taskId: command.taskId, changes, updatedAt: at, updatedBy: ctx.userId } });
      }
      if (command.status !== undefined && command.status !== state.status) {
        events.push(statusChange(command.taskId, state.status, command.status, ctx));
      }
      return events;
    }
    case 'DeleteTask':
      requireReachable(state, command.actor);
      return [{ type: 'TaskDeleted', data: { taskId: command.taskId, deletedAt: at, deletedBy: ctx.userId } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const taskDecider: Decider<TaskState, TaskCommand, TaskEvent> = { initialState, evolve, decide };
