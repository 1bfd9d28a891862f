import type { AuthedRequestContext } from '../../../platform/request-context.ts';

/** The caller's own active sessions (device, browser, IP, times, which one is this one); never a token. */
export async function sessionsHandler({ ctx }: { ctx: AuthedRequestContext }) {
  const sessions = await ctx.services.sessions.list(ctx.user.id, ctx.sessionId);
  return { sessions };
}
