import type { ChangePasswordInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

/** A new password for the caller; their other sessions end, this one stays. */
export async function changePasswordHandler({ ctx, input }: { ctx: AuthedRequestContext; input: ChangePasswordInput }) {
  const { endedSessions } = await ctx.services.profile.changePassword(ctx.user.id, ctx.sessionId, input, commandContext(ctx));
  return { ok: true as const, endedSessions };
}
