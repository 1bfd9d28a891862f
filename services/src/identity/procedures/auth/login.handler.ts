import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { loginInput } from '@crm/contracts';
import { TooManyRequestsError } from '../../../security/too-many-requests.error.ts';
import type { RequestContext } from '../../../platform/request-context.ts';

/**
 * A new session at every login (security/login.service.ts); the session id only ever travels in the
 * HttpOnly cookie. Refusals: invalid credentials / account state as domain errors, a blocked address 403,
 * throttling 429 TOO_MANY_REQUESTS with `retryAfterSeconds` (and a Retry-After header, see server.ts).
 */
export async function loginHandler({ ctx, input }: { ctx: RequestContext; input: z.infer<typeof loginInput> }) {
  try {
    const result = await ctx.services.security.login.login({
      email: input.email,
      password: input.password,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      currentSessionId: ctx.sessionId,
      correlationId: ctx.correlationId,
    });
    ctx.setCookie(result.cookie);
    return { user: result.user };
  } catch (err) {
    if (err instanceof TooManyRequestsError) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: err.message, cause: err });
    throw err;
  }
}
