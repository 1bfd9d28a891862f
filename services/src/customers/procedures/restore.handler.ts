import { crmActor } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function restoreHandler({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }) {
  return { customer: await ctx.services.customers.restore(crmActor(ctx.user), input.id, commandContext(ctx)) };
}
