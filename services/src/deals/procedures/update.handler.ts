import type { DealUpdateInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function updateHandler({ ctx, input }: { ctx: RequestContext; input: DealUpdateInput }) {
  const { id, ...patch } = input;
  return { deal: await ctx.services.deals.update(requestActor(ctx), id, patch, commandContext(ctx)) };
}
