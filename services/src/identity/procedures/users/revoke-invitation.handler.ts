import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvitationHandler({ ctx, input }: { ctx: AuthedRequestContext; input: { id: string } }) {
  await ctx.services.invitations.revoke(input.id, { userId: ctx.user.id, userType: ctx.user.userType }, commandContext(ctx));
  return { success: true as const };
}
