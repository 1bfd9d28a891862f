import { TRPCError } from '@trpc/server';
import type { UserUpdateInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

export async function updateHandler({ ctx, input }: { ctx: RequestContext; input: UserUpdateInput }) {
  // The procedure's access check already requires a user; this narrows the type.
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in' });
  const user = await ctx.services.users.update(input, { userId: ctx.user.id, userType: ctx.user.userType }, commandContext(ctx));
  return { user };
}
