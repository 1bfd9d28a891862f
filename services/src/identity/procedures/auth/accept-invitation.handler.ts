import { TRPCError } from '@trpc/server';
import { INVALID_INVITATION, type AcceptInvitationInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

/** Creates the invited account (approved, the invited type); the link works once. The invitee then logs in. */
export async function acceptInvitationHandler({ ctx, input }: { ctx: RequestContext; input: AcceptInvitationInput }) {
  const accepted = await ctx.services.invitations.accept(input, commandContext(ctx));
  if (!accepted) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_INVITATION });
  return { success: true as const, email: accepted.email, userType: accepted.userType };
}
