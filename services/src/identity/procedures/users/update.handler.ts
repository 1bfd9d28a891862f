import type { UserUpdateInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

export async function updateHandler({ ctx, input }: { ctx: AuthedRequestContext; input: UserUpdateInput }) {
  const user = await ctx.services.users.update(input, { userId: ctx.user.id, userType: ctx.user.userType }, commandContext(ctx));
  return { user };
}
