import { TRPCError } from '@trpc/server';
import type { SessionUser } from '../../accounts.ts';
import { TooManyRequestsError } from '../../../security/too-many-requests.error.ts';
import type { AuthedRequestContext } from '../../../platform/request-context.ts';

/** The caller of an 'authenticated' procedure (its access check already refused anonymous calls). */
export function profileCaller(ctx: AuthedRequestContext): SessionUser {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in' });
  return ctx.user;
}

/** Too many wrong current passwords: 429 TOO_MANY_REQUESTS with Retry-After, as at login. */
export async function withPasswordThrottle<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TooManyRequestsError) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: err.message, cause: err });
    throw err;
  }
}
