import { communicationLogInput, customerCreateInput, customerFileInput, customerIdInput, customerImportInput, customerListInput, customerUpdateInput } from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import { createHandler } from './create.handler.ts';
import { deleteHandler } from './delete.handler.ts';
import { deleteFileHandler } from './delete-file.handler.ts';
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
  /** Whoever may edit the customer (scope checked by the decider). */
  deleteFile: procedure('crm:own').input(customerFileInput).mutation(deleteFileHandler),
  importRows: procedure('crm:own').input(customerImportInput).mutation(importRowsHandler),
});
