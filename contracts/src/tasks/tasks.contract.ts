import { defineDomainContract } from '../platform/domain-contract.ts';
import { TASK_ERRORS } from './task.errors.ts';
import { taskEventSchemas } from './task.events.ts';

/** Tasks (spec 02 §4). */
export const tasksContract = defineDomainContract({
  name: 'tasks',
  events: [taskEventSchemas],
  errors: TASK_ERRORS,
  adminPaths: ['/admin/tasks'],
});
