import { crmActor, type DealMoveInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function moveHandler({ ctx, input }: { ctx: AuthedRequestContext; input: DealMoveInput }) {
  return { deal: await ctx.services.deals.move(crmActor(ctx.user), input, commandContext(ctx)) };
}
