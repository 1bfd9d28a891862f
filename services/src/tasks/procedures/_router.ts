import { taskBulkInput, taskCreateInput, taskIdInput, taskListInput, taskUpdateInput } from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import { bulkHandler } from './bulk.handler.ts';
import { createHandler } from './create.handler.ts';
import { deleteHandler } from './delete.handler.ts';
import { getHandler } from './get.handler.ts';
import { listHandler } from './list.handler.ts';
import { updateHandler } from './update.handler.ts';

/** CRM tasks (spec 02, Task Manager). Record-level scope: a `crm:own` user reaches only the tasks assigned to them. */
export const tasksRouter = router({
  list: procedure('crm:own').input(taskListInput).query(listHandler),
  /** One task in reach (the Edit Task deep link). */
  get: procedure('crm:own').input(taskIdInput).query(getHandler),
  create: procedure('crm:own').input(taskCreateInput).mutation(createHandler),
  update: procedure('crm:own').input(taskUpdateInput).mutation(updateHandler),
  delete: procedure('crm:own').input(taskIdInput).mutation(deleteHandler),
  /** The bulk bar: each id its own command; partial failures are reported, never thrown. */
  bulk: procedure('crm:own').input(taskBulkInput).mutation(bulkHandler),
});
