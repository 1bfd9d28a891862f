import { requestActor } from '../../../crm/crm-actor.ts';
import type { RequestContext } from '../../context.ts';

export async function assigneesHandler({ ctx }: { ctx: RequestContext }) {
  return { assignees: await ctx.services.crm.assignees(requestActor(ctx)) };
}
