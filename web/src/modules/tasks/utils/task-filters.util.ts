import { TASK_PRIORITY_FILTERS, TASK_STATUS_FILTERS, TASK_TYPE_FILTERS } from '@crm/contracts/tasks/task.input';

export { TASK_PRIORITY_FILTERS, TASK_STATUS_FILTERS, TASK_TYPE_FILTERS };

export interface TaskFilters {
  search: string;
  status: (typeof TASK_STATUS_FILTERS)[number];
  priority: (typeof TASK_PRIORITY_FILTERS)[number];
  type: (typeof TASK_TYPE_FILTERS)[number];
}

/** `all` means unfiltered (spec 02 §7: the client sends `all` when a filter is not set). */
export const DEFAULT_TASK_FILTERS: TaskFilters = { search: '', status: 'all', priority: 'all', type: 'all' };
