import { crmActor } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export async function listDeletedHandler({ ctx }: { ctx: AuthedRequestContext }) {
  return { deals: await ctx.services.deals.listDeleted(crmActor(ctx.user)) };
}
