import { crmActor, type TaskCreateInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

export async function createHandler({ ctx, input }: { ctx: AuthedRequestContext; input: TaskCreateInput }) {
  return { task: await ctx.services.tasks.create(input, crmActor(ctx.user), commandContext(ctx)) };
}
