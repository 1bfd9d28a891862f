import type { DealCreateInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function createHandler({ ctx, input }: { ctx: RequestContext; input: DealCreateInput }) {
  return { deal: await ctx.services.deals.create(requestActor(ctx), input, commandContext(ctx)) };
}
