import type { RequestContext } from '../../../platform/request-context.ts';

export async function logoutHandler({ ctx }: { ctx: RequestContext }) {
  if (ctx.sessionId) await ctx.services.sessions.end(ctx.sessionId, 'logout');
  ctx.setCookie(ctx.services.sessions.blankCookie());
  return { ok: true as const };
}
