import { IDENTITY_ERRORS, domainError, type SignOutSessionInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../../platform/request-context.ts';

/**
 * Ends one of the caller's sessions by its login id. Another user's session answers exactly like an
 * unknown one (404): the handle reveals nothing about other accounts.
 */
export async function signOutSessionHandler({ ctx, input }: { ctx: AuthedRequestContext; input: SignOutSessionInput }) {
  const ended = await ctx.services.sessions.endByLoginId(ctx.user.id, input.loginId, 'signed_out');
  if (!ended) throw domainError(IDENTITY_ERRORS.session_not_found);
  const current = input.loginId === ctx.loginId;
  if (current) ctx.setCookie(ctx.services.sessions.blankCookie());
  return { ok: true as const, current };
}
