import { z } from 'zod';
import {
  CRM_LIMITS,
  TASK_BULK_ACTIONS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
  isCalendarDay,
  type TaskBulkAction,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '../crm/crm.constants.ts';
import { entityId, oneOf, optionalText, pageNumber, requiredText, searchText, tagList, withinCrmYears } from '../crm/crm.input.ts';

/** Largest estimate a task may carry, in hours. */
export const TASK_MAX_HOURS = 10_000;
/** Most tasks one bulk action may name. */
export const TASK_BULK_MAX = 500;
/** Most tasks the Task Manager's list returns (the stats still count every match). */
export const TASK_LIST_MAX = 500;

/**
 * A due date as a client sends it: an ISO date-time with an offset (the spec's client sends one), or a calendar
 * day `YYYY-MM-DD` (then the end of that day in the business time zone, 23:59). Empty or null: see each input.
 */
export const taskDueDate = z
  .string({ error: 'must be a date (YYYY-MM-DD) or an ISO date-time' })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success,
    'must be a date (YYYY-MM-DD) or an ISO date-time',
  )
  .refine((v) => v === null || (v.length === 10 ? isCalendarDay(v) : !Number.isNaN(new Date(v).getTime())), 'must be a real date')
  .refine(...withinCrmYears);

const estimatedHours = z.coerce
  .number({ error: `must be a number of hours from 0 to ${TASK_MAX_HOURS}` })
  .min(0, `must be a number of hours from 0 to ${TASK_MAX_HOURS}`)
  .max(TASK_MAX_HOURS, `must be a number of hours from 0 to ${TASK_MAX_HOURS}`)
  .transform((v) => Math.round(v * 100) / 100);

const userId = z.string().uuid({ error: 'must be a user id' });

/**
 * Create Task (tRPC `tasks.create`, REST `POST /api/crm/tasks`). Spec 02 §5 defaults: type other, status
 * pending, priority medium, assigned to the current user, due today (23:59 in the business time zone),
 * estimated hours 0, no tags. The title is required (a task with no name cannot be told apart in the list).
 */
export const taskCreateInput = z.object({
  title: requiredText(CRM_LIMITS.title),
  description: optionalText(CRM_LIMITS.description),
  type: z.enum(TASK_TYPES, { error: oneOf(TASK_TYPES) }).default('other'),
  status: z.enum(TASK_STATUSES, { error: oneOf(TASK_STATUSES) }).default('pending'),
  priority: z.enum(TASK_PRIORITIES, { error: oneOf(TASK_PRIORITIES) }).default('medium'),
  /** Left out: the current user. Users with only `crm:own` may name only themselves. */
  assignedTo: userId.nullish(),
  customerId: entityId('customer').nullish().transform((v) => v ?? null),
  dealId: entityId('deal').nullish().transform((v) => v ?? null),
  dueDate: taskDueDate,
  estimatedHours: estimatedHours.default(0),
  tags: tagList.default([]),
});
export type TaskCreateInput = z.output<typeof taskCreateInput>;
export type TaskCreatePayload = z.input<typeof taskCreateInput>;

/**
 * Edit or change status (tRPC `tasks.update`, REST `PUT /api/crm/tasks/{id}`; the spec's client sends
 * `{status, completedAt}`). A field left out is unchanged; null clears an optional one. `completedAt` is
 * accepted and IGNORED: the server decides it (completing sets it to now, any other status clears it).
 */
export const taskUpdateFields = {
  title: requiredText(CRM_LIMITS.title).optional(),
  description: optionalText(CRM_LIMITS.description).optional(),
  type: z.enum(TASK_TYPES, { error: oneOf(TASK_TYPES) }).optional(),
  status: z.enum(TASK_STATUSES, { error: oneOf(TASK_STATUSES) }).optional(),
  priority: z.enum(TASK_PRIORITIES, { error: oneOf(TASK_PRIORITIES) }).optional(),
  assignedTo: userId.nullable().optional(),
  customerId: entityId('customer').nullable().optional(),
  dealId: entityId('deal').nullable().optional(),
  dueDate: taskDueDate.optional(),
  estimatedHours: estimatedHours.optional(),
  tags: tagList.optional(),
  completedAt: z.unknown().optional(),
};
export const taskUpdateInput = z.object({ id: entityId('task'), ...taskUpdateFields });
export type TaskUpdateInput = z.output<typeof taskUpdateInput>;
export type TaskUpdatePayload = z.input<typeof taskUpdateInput>;

export const taskIdInput = z.object({ id: entityId('task') });

/** The bulk bar: each id is its own command; one failing never stops the others. */
export const taskBulkInput = z.object({
  ids: z
    .array(entityId('task'), { error: 'must be a list of task ids' })
    .min(1, 'must name at least one task')
    .max(TASK_BULK_MAX, `must name at most ${TASK_BULK_MAX} tasks`)
    .transform((ids) => [...new Set(ids)]),
  action: z.enum(TASK_BULK_ACTIONS, { error: oneOf(TASK_BULK_ACTIONS) }),
});
export type TaskBulkInput = z.output<typeof taskBulkInput>;

export const TASK_STATUS_FILTERS = ['all', ...TASK_STATUSES] as const;
export const TASK_PRIORITY_FILTERS = ['all', ...TASK_PRIORITIES] as const;
export const TASK_TYPE_FILTERS = ['all', ...TASK_TYPES] as const;

/** Spec 02 §7: GET /api/crm/tasks with status, priority, type, search; `all` means unfiltered. */
export const taskListInput = z.object({
  status: z.enum(TASK_STATUS_FILTERS, { error: oneOf(TASK_STATUS_FILTERS) }).default('all'),
  priority: z.enum(TASK_PRIORITY_FILTERS, { error: oneOf(TASK_PRIORITY_FILTERS) }).default('all'),
  type: z.enum(TASK_TYPE_FILTERS, { error: oneOf(TASK_TYPE_FILTERS) }).default('all'),
  search: searchText,
  customerId: entityId('customer').optional(),
  /** Pages of TASK_LIST_MAX rows, newest first. */
  page: pageNumber,
});
export type TaskListInput = z.output<typeof taskListInput>;
export type TaskListPayload = z.input<typeof taskListInput>;

// ---- Views ----

/** A row of the Task Manager (spec 02 §3 "Task"). */
export interface TaskView {
  id: string;
  title: string;
  description: string | null;
  type: TaskType;
  status: TaskStatus;
  priority: TaskPriority;
  assignedTo: string | null;
  assignedToName: string | null;
  customerId: string | null;
  customerName: string | null;
  customerCompany: string | null;
  dealId: string | null;
  dealTitle: string | null;
  dueDate: string | null;
  estimatedHours: number;
  tags: string[];
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The four stat cards, over every task the filters match. Overdue: due before now, neither completed nor cancelled. */
export interface TaskStats {
  total: number;
  pending: number;
  completed: number;
  overdue: number;
}

export interface TaskListResult {
  tasks: TaskView[];
  stats: TaskStats;
}

export interface TaskBulkResult {
  action: TaskBulkAction;
  /** Ids the action was applied to (a task already completed counts as done). */
  succeeded: string[];
  failed: { id: string; code: string; message: string }[];
}

/** Spec 02 §4: overdue when the due date is before now and the status is neither completed nor cancelled. */
export function isTaskOverdue(task: { dueDate: string | null; status: TaskStatus }, now: Date): boolean {
  return task.dueDate !== null && task.status !== 'completed' && task.status !== 'cancelled' && new Date(task.dueDate).getTime() < now.getTime();
}
