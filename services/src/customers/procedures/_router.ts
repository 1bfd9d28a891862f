import { communicationLogInput, customerCreateInput, customerIdInput, customerImportInput, customerListInput, customerUpdateInput } from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import { createHandler } from './create.handler.ts';
import { deleteHandler } from './delete.handler.ts';
import { detailHandler } from './detail.handler.ts';
import { importRowsHandler } from './import-rows.handler.ts';
import { listHandler } from './list.handler.ts';
import { logCommunicationHandler } from './log-communication.handler.ts';
import { restoreHandler } from './restore.handler.ts';
import { updateHandler } from './update.handler.ts';

/** CRM customers (spec 02; docs/CRM.md "Customers"). Record-level scope: see services/src/crm/customers/customer.decider.ts. */
export const customersRouter = router({
  /** `deleted: true` (the deleted customers, to restore one) needs `crm:restore`. */
  list: procedure('crm:own').input(customerListInput).query(listHandler),
  detail: procedure('crm:own').input(customerIdInput).query(detailHandler),
  create: procedure('crm:own').input(customerCreateInput).mutation(createHandler),
  update: procedure('crm:own').input(customerUpdateInput).mutation(updateHandler),
  delete: procedure('crm:own').input(customerIdInput).mutation(deleteHandler),
  restore: procedure('crm:restore').input(customerIdInput).mutation(restoreHandler),
  logCommunication: procedure('crm:own').input(communicationLogInput).mutation(logCommunicationHandler),
  importRows: procedure('crm:own').input(customerImportInput).mutation(importRowsHandler),
});
