import { crmActor, type DealCreateInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function createHandler({ ctx, input }: { ctx: AuthedRequestContext; input: DealCreateInput }) {
  return { deal: await ctx.services.deals.create(crmActor(ctx.user), input, commandContext(ctx)) };
}
