import { crmActor, type CustomerImportInput, type CustomerImportResult } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

/** One chunk of a CSV import: each row its own command; per-row errors come back, never a whole-chunk failure. */
export function importRowsHandler({ ctx, input }: { ctx: AuthedRequestContext; input: CustomerImportInput }): Promise<CustomerImportResult> {
  return ctx.services.customers.importRows(crmActor(ctx.user), input.rows, input.firstRow, commandContext(ctx));
}
