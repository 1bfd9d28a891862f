import { crmActor, can, type CustomerDetail } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

/** Deleted customers are shown only to those who may restore them. */
export function detailHandler({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }): Promise<CustomerDetail> {
  return ctx.services.customers.detail(crmActor(ctx.user), input.id, { includeDeleted: can(ctx.user.userType, 'crm:restore') });
}
