import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function deleteHandler({ ctx, input }: { ctx: RequestContext; input: { id: string } }) {
  return { customer: await ctx.services.customers.delete(requestActor(ctx), input.id, commandContext(ctx)) };
}
