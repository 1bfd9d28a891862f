import type { CustomerUpdateInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function updateHandler({ ctx, input }: { ctx: RequestContext; input: CustomerUpdateInput }) {
  return { customer: await ctx.services.customers.update(requestActor(ctx), input, commandContext(ctx)) };
}
