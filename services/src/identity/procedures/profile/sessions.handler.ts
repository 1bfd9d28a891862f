import type { RequestContext } from '../../../platform/request-context.ts';
import { profileCaller } from './profile-handler.util.ts';

/** The caller's own active sessions (device, browser, IP, times, which one is this one); never a token. */
export async function sessionsHandler({ ctx }: { ctx: RequestContext }) {
  const sessions = await ctx.services.sessions.list(profileCaller(ctx).id, ctx.sessionId);
  return { sessions };
}
