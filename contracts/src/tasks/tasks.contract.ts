import { defineDomainContract } from '../platform/domain-contract.ts';
import { TASK_ERRORS } from './task.errors.ts';
import { taskBulkEventSchemas, taskEventSchemas } from './task.events.ts';

/** Tasks (spec 02 §4). */
export const tasksContract = defineDomainContract({
  name: 'tasks',
  events: [taskEventSchemas, taskBulkEventSchemas],
  errors: TASK_ERRORS,
  adminPaths: ['/admin/tasks'],
});
