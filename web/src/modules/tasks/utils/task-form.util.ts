import type { TaskPriority, TaskStatus, TaskType } from '@crm/contracts/crm/crm.constants';
import type { TaskCreatePayload, TaskUpdatePayload, TaskView } from '@crm/contracts/tasks/task.input';
import { fromLocalDateTime, localToday, toLocalDateTime } from './task-time.util.ts';

/** The Create / Edit Task form as typed (strings where the inputs hold strings). */
export interface TaskForm {
  title: string;
  description: string;
  type: TaskType;
  status: TaskStatus;
  priority: TaskPriority;
  assignedTo: string;
  /** `datetime-local` value in the browser's time zone (YYYY-MM-DDTHH:mm); empty: none. */
  dueDate: string;
  estimatedHours: string;
  tags: string;
  customer: { id: string; name: string } | null;
  dealId: string;
}

/** The form's fields that the server names in its field errors. */
export const TASK_FORM_FIELDS = ['title', 'description', 'type', 'status', 'priority', 'assignedTo', 'dueDate', 'estimatedHours', 'tags', 'customerId', 'dealId'] as const;
export type TaskFormField = (typeof TASK_FORM_FIELDS)[number];

/** Refusal codes that belong to one field: shown under it as well as in the toast. */
export const TASK_CODE_FIELDS: Readonly<Record<string, TaskFormField>> = {
  task_customer_not_found: 'customerId',
  task_deal_not_found: 'dealId',
  task_deal_customer_mismatch: 'dealId',
  task_assign_forbidden: 'assignedTo',
  assignee_not_found: 'assignedTo',
};

/** Spec 02 §5 defaults: type other, status pending, priority medium, assigned to the current user, due today 23:59 (the reader's clock), 0 hours, no tags. */
export function newTaskForm(userId: string, now = new Date()): TaskForm {
  return {
    title: '',
    description: '',
    type: 'other',
    status: 'pending',
    priority: 'medium',
    assignedTo: userId,
    dueDate: `${localToday(now)}T23:59`,
    estimatedHours: '0',
    tags: '',
    customer: null,
    dealId: '',
  };
}

/** A task as the Edit Task form shows it. */
export function taskToForm(task: TaskView): TaskForm {
  return {
    title: task.title,
    description: task.description ?? '',
    type: task.type,
    status: task.status,
    priority: task.priority,
    assignedTo: task.assignedTo ?? '',
    dueDate: toLocalDateTime(task.dueDate),
    estimatedHours: String(task.estimatedHours),
    tags: task.tags.join(', '),
    customer: task.customerId ? { id: task.customerId, name: task.customerName ?? task.customerId } : null,
    dealId: task.dealId ?? '',
  };
}

const tagsOf = (text: string) => [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
/** An empty hours field is 0; anything else goes as typed (the server names a bad number). */
const hoursOf = (text: string): number | string => (text.trim() === '' ? 0 : Number.isNaN(Number(text)) ? text : Number(text));

/** Every field of the form as the server takes it (an empty due date: the server's default, today 23:59). */
export function createPayload(form: TaskForm): TaskCreatePayload {
  return {
    title: form.title,
    description: form.description,
    type: form.type,
    status: form.status,
    priority: form.priority,
    assignedTo: form.assignedTo || null,
    dueDate: fromLocalDateTime(form.dueDate),
    estimatedHours: hoursOf(form.estimatedHours) as number,
    tags: tagsOf(form.tags),
    customerId: form.customer?.id ?? null,
    dealId: form.dealId || null,
  };
}

/**
 * The patch an edit sends: only the fields that differ from the task as the form first showed it (so a due date
 * stored to the second is not rounded to the minute unless it was changed, and an unchanged link to a customer
 * deleted since is not checked again); `null` clears. Empty: nothing changed.
 */
export function updatePatch(initial: TaskForm, form: TaskForm): Omit<TaskUpdatePayload, 'id'> {
  const patch: Omit<TaskUpdatePayload, 'id'> = {};
  if (form.title !== initial.title) patch.title = form.title;
  if (form.description.trim() !== initial.description.trim()) patch.description = form.description.trim() === '' ? null : form.description;
  if (form.type !== initial.type) patch.type = form.type;
  if (form.status !== initial.status) patch.status = form.status;
  if (form.priority !== initial.priority) patch.priority = form.priority;
  if (form.assignedTo !== initial.assignedTo) patch.assignedTo = form.assignedTo || null;
  if (form.dueDate !== initial.dueDate) patch.dueDate = fromLocalDateTime(form.dueDate);
  if (hoursOf(form.estimatedHours) !== hoursOf(initial.estimatedHours)) patch.estimatedHours = hoursOf(form.estimatedHours) as number;
  if (tagsOf(form.tags).join('\u0000') !== tagsOf(initial.tags).join('\u0000')) patch.tags = tagsOf(form.tags);
  if ((form.customer?.id ?? null) !== (initial.customer?.id ?? null)) patch.customerId = form.customer?.id ?? null;
  if (form.dealId !== initial.dealId) patch.dealId = form.dealId || null;
  return patch;
}
