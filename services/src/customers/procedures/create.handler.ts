import { crmActor, type CustomerCreateInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function createHandler({ ctx, input }: { ctx: AuthedRequestContext; input: CustomerCreateInput }) {
  return { customer: await ctx.services.customers.create(crmActor(ctx.user), input, commandContext(ctx)) };
}
