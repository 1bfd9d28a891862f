import { z } from 'zod';
import { TASK_BULK_ACTIONS, TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, isStorableInstant } from '../crm/crm.constants.ts';
import { auditedEvent, auditState } from '../platform/audit.ts';

/** Refused unless PostgreSQL can store it: an event it cannot store would stop the read model for good. */
const isoInstant = z.iso.datetime().refine(isStorableInstant, 'must be a storable instant');
const id = z.string().uuid();
const actor = z.string().uuid().nullable();

/** A task's descriptive fields: what `TaskUpdated` may change (the status has its own event). */
export const taskFieldsV1 = z.object({
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(TASK_TYPES),
  priority: z.enum(TASK_PRIORITIES),
  assignedTo: z.string().uuid().nullable(),
  customerId: z.string().uuid().nullable(),
  dealId: z.string().uuid().nullable(),
  dueDate: isoInstant.nullable(),
  estimatedHours: z.number().min(0),
  tags: z.array(z.string()),
});
export type TaskFields = z.infer<typeof taskFieldsV1>;

export const taskCreatedV1 = taskFieldsV1.extend({
  taskId: id,
  status: z.enum(TASK_STATUSES),
  /** Set when the task is created already completed (then equal to createdAt), else null. */
  completedAt: isoInstant.nullable(),
  createdAt: isoInstant,
  createdBy: actor,
});
export const taskUpdatedV1 = z.object({
  taskId: id,
  /** Only the fields that changed, with their new values. */
  changes: taskFieldsV1.partial(),
  updatedAt: isoInstant,
  updatedBy: actor,
});
/** Spec 02 §4: completing sets completedAt to now; any other status clears it (null). */
export const taskStatusChangedV1 = z.object({
  taskId: id,
  from: z.enum(TASK_STATUSES),
  to: z.enum(TASK_STATUSES),
  completedAt: isoInstant.nullable(),
  changedAt: isoInstant,
  changedBy: actor,
});
export const taskDeletedV1 = z.object({ taskId: id, deletedAt: isoInstant, deletedBy: actor });

/** Every task event type with its current schema version, schema and audit declaration. */
export const taskEventSchemas = {
  TaskCreated: auditedEvent(1, taskCreatedV1, {
    entity: 'task',
    entityId: (d) => d.taskId,
    action: 'CREATE',
    risk: 'low',
    state: (d) => auditState.omit(d, 'taskId', 'createdAt', 'createdBy'),
  }),
  TaskUpdated: auditedEvent(1, taskUpdatedV1, { entity: 'task', entityId: (d) => d.taskId, action: 'UPDATE', risk: 'low', state: (d) => d.changes }),
  TaskStatusChanged: auditedEvent(1, taskStatusChangedV1, {
    entity: 'task',
    entityId: (d) => d.taskId,
    action: 'UPDATE',
    risk: 'low',
    state: (d) => ({ status: d.to, completedAt: d.completedAt }),
  }),
  TaskDeleted: auditedEvent(1, taskDeletedV1, { entity: 'task', entityId: (d) => d.taskId, action: 'DELETE', risk: 'medium', state: () => ({ deleted: true }) }),
} as const;

type Schemas = typeof taskEventSchemas;
export type TaskEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const taskStreamId = (taskId: string) => `task-${taskId}`;

/**
 * A bulk action on tasks (the Tasks list's Complete / Delete on a selection), recorded once for the whole
 * selection beside each task's own event, so the audit trail shows it as one BULK_UPDATE with who, what and how
 * many succeeded (stream `task-bulk-<bulkId>`; no task's state is kept on it).
 */
export const tasksBulkActionPerformedV1 = z.object({
  bulkId: id,
  action: z.enum(TASK_BULK_ACTIONS),
  taskIds: z.array(id),
  succeeded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  by: id,
  at: isoInstant,
});

export const taskBulkEventSchemas = {
  TasksBulkActionPerformed: auditedEvent(1, tasksBulkActionPerformedV1, {
    entity: 'task',
    entityId: (d) => d.bulkId,
    action: 'BULK_UPDATE',
    outcome: (d) => (d.failed === 0 ? 'success' : d.succeeded === 0 ? 'failure' : 'warning'),
    risk: (d) => (d.action === 'delete' ? 'medium' : 'low'),
    actor: (d) => d.by,
  }),
} as const;

export const taskBulkStreamId = (bulkId: string) => `task-bulk-${bulkId}`;
