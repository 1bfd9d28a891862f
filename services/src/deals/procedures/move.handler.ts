import type { DealMoveInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function moveHandler({ ctx, input }: { ctx: RequestContext; input: DealMoveInput }) {
  return { deal: await ctx.services.deals.move(requestActor(ctx), input, commandContext(ctx)) };
}
