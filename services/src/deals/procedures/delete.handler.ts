import { crmActor } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function deleteHandler({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }) {
  await ctx.services.deals.delete(crmActor(ctx.user), input.id, commandContext(ctx));
  return { ok: true as const };
}
