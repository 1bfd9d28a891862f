import type { MfaLoginInput } from '@crm/contracts';
import type { RequestContext } from '../../../platform/request-context.ts';

/** The login's second step: the challenge and a TOTP or recovery code open the session (cookie); an enrolment's recovery codes come back once. */
export async function loginMfaHandler({ ctx, input }: { ctx: RequestContext; input: MfaLoginInput }) {
  const result = await ctx.services.security.login.completeMfa({
    challenge: input.challenge,
    code: input.code,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    currentSessionId: ctx.sessionId,
    correlationId: ctx.correlationId,
  });
  ctx.setCookie(result.cookie);
  return { user: result.user, recoveryCodes: result.recoveryCodes };
}
