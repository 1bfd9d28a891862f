import type { InviteUserInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

/** Records the invitation and queues its mail (the raw token travels only there). */
export async function inviteHandler({ ctx, input }: { ctx: AuthedRequestContext; input: InviteUserInput }) {
  const invitation = await ctx.services.invitations.invite(input, { userId: ctx.user.id, userType: ctx.user.userType }, commandContext(ctx));
  return { invitation };
}
