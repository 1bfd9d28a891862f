import { TRPCError } from '@trpc/server';
import type { SessionUser } from '../../../identity/accounts.ts';
import type { RequestContext } from '../../context.ts';

/** The caller of an 'authenticated' procedure (its access check already refused anonymous calls). */
export function profileCaller(ctx: RequestContext): SessionUser {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in' });
  return ctx.user;
}
