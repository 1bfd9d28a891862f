import type { TaskCreateInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function createHandler({ ctx, input }: { ctx: RequestContext; input: TaskCreateInput }) {
  return { task: await ctx.services.tasks.create(input, requestActor(ctx), commandContext(ctx)) };
}
