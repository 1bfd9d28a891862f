import { crmActor } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function restoreHandler({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }) {
  return { deal: await ctx.services.deals.restore(crmActor(ctx.user), input.id, commandContext(ctx)) };
}
