import { can, type CustomerDetail } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import type { RequestContext } from '../../platform/request-context.ts';

/** Deleted customers are shown only to those who may restore them. */
export function detailHandler({ ctx, input }: { ctx: RequestContext; input: { id: string } }): Promise<CustomerDetail> {
  return ctx.services.customers.detail(requestActor(ctx), input.id, { includeDeleted: can(ctx.user!.userType, 'crm:restore') });
}
