import type { CustomerImportInput, CustomerImportResult } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

/** One chunk of a CSV import: each row its own command; per-row errors come back, never a whole-chunk failure. */
export function importRowsHandler({ ctx, input }: { ctx: RequestContext; input: CustomerImportInput }): Promise<CustomerImportResult> {
  return ctx.services.customers.importRows(requestActor(ctx), input.rows, input.firstRow, commandContext(ctx));
}
