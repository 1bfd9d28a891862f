import { crmActor } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export async function assigneesHandler({ ctx }: { ctx: AuthedRequestContext }) {
  return { assignees: await ctx.services.crm.assignees(crmActor(ctx.user)) };
}
