import type { TaskPriority, TaskStatus } from '@crm/contracts/crm/crm.constants';

/** Badge colours (spec 02 §4: badge colours reflect status). */
export const TASK_STATUS_COLOR: Record<TaskStatus, string> = {
  pending: 'yellow',
  in_progress: 'blue',
  completed: 'green',
  cancelled: 'gray',
};

export const TASK_PRIORITY_COLOR: Record<TaskPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};
