import { crmActor, type CustomerUpdateInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function updateHandler({ ctx, input }: { ctx: AuthedRequestContext; input: CustomerUpdateInput }) {
  return { customer: await ctx.services.customers.update(crmActor(ctx.user), input, commandContext(ctx)) };
}
