import type { TaskUpdateInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function updateHandler({ ctx, input }: { ctx: RequestContext; input: TaskUpdateInput }) {
  return { task: await ctx.services.tasks.update(input, requestActor(ctx), commandContext(ctx)) };
}
