import type { z } from 'zod';
import type { loginInput } from '@crm/contracts';
import type { RequestContext } from '../../../platform/request-context.ts';

/**
 * A new session at every login (security/login.service.ts); the session id only ever travels in the
 * HttpOnly cookie. Refusals: invalid credentials / account state as domain errors, a blocked address 403,
 * throttling 429 TOO_MANY_REQUESTS with `retryAfterSeconds` (trpc.ts maps it; server.ts adds Retry-After).
 * With multi-factor authentication no session yet: `{ mfaRequired, challenge }` for `auth.loginMfa`, and with
 * enrolment required by policy the new secret to add to an authenticator (`enrolment`).
 */
export async function loginHandler({ ctx, input }: { ctx: RequestContext; input: z.infer<typeof loginInput> }) {
  const result = await ctx.services.security.login.login({
    email: input.email,
    password: input.password,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    currentSessionId: ctx.sessionId,
    correlationId: ctx.correlationId,
  });
  if ('mfaRequired' in result) {
    const { challenge, expiresAt, enrolmentRequired, enrolment } = result;
    return { user: null, mfa: { challenge, expiresAt, enrolmentRequired, enrolment } };
  }
  ctx.setCookie(result.cookie);
  return { user: result.user, mfa: null };
}
