import { crmActor, type TaskUpdateInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function updateHandler({ ctx, input }: { ctx: AuthedRequestContext; input: TaskUpdateInput }) {
  return { task: await ctx.services.tasks.update(input, crmActor(ctx.user), commandContext(ctx)) };
}
