import { crmActor } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

/** One task (the Edit Task deep link `/admin/tasks/<id>`); 404 `task_not_found` when unknown, deleted or out of scope. */
export async function getHandler({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }) {
  return { task: await ctx.services.tasks.get(input.id, crmActor(ctx.user)) };
}
