import { requestActor } from '../crm-actor.ts';
import type { RequestContext } from '../../platform/request-context.ts';

export async function assigneesHandler({ ctx }: { ctx: RequestContext }) {
  return { assignees: await ctx.services.crm.assignees(requestActor(ctx)) };
}
