import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the tasks domain. */
export const TASK_ERRORS = defineDomainErrors({
  task_not_found: { kind: 'not_found', message: 'Task not found' },
  task_out_of_scope: { kind: 'forbidden', message: 'This task is assigned to someone else' },
  task_assign_forbidden: { kind: 'forbidden', message: 'You may only assign tasks to yourself' },
  task_customer_not_found: { kind: 'unprocessable', message: 'The linked customer was not found' },
  task_deal_not_found: { kind: 'unprocessable', message: 'The linked deal was not found' },
  task_deal_customer_mismatch: { kind: 'unprocessable', message: 'The linked deal belongs to another customer' },
  task_exists: { kind: 'conflict', message: 'This task already exists', internal: true },
});
