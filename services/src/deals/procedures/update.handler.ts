import { crmActor, type DealUpdateInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function updateHandler({ ctx, input }: { ctx: AuthedRequestContext; input: DealUpdateInput }) {
  const { id, ...patch } = input;
  return { deal: await ctx.services.deals.update(crmActor(ctx.user), id, patch, commandContext(ctx)) };
}
