import { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, isStorableInstant } from '../crm/crm.constants.ts';

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

/** Every task event type with its current schema version and schema. */
export const taskEventSchemas = {
  TaskCreated: { version: 1, schema: taskCreatedV1 },
  TaskUpdated: { version: 1, schema: taskUpdatedV1 },
  TaskStatusChanged: { version: 1, schema: taskStatusChangedV1 },
  TaskDeleted: { version: 1, schema: taskDeletedV1 },
} as const;

type Schemas = typeof taskEventSchemas;
export type TaskEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const taskStreamId = (taskId: string) => `task-${taskId}`;
