import type { CustomerCreateInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function createHandler({ ctx, input }: { ctx: RequestContext; input: CustomerCreateInput }) {
  return { customer: await ctx.services.customers.create(requestActor(ctx), input, commandContext(ctx)) };
}
