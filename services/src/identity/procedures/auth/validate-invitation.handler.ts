import { TRPCError } from '@trpc/server';
import { INVALID_INVITATION } from '@crm/contracts';
import type { RequestContext } from '../../../platform/request-context.ts';

/** A pending, unexpired invitation: the invited address and type (the accept page shows them). */
export async function validateInvitationHandler({ ctx, input }: { ctx: RequestContext; input: { token: string } }) {
  const valid = await ctx.services.invitations.validate(input.token);
  if (!valid) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_INVITATION });
  return { success: true as const, email: valid.email, userType: valid.userType };
}
