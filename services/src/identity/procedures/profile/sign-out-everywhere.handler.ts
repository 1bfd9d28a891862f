import type { AuthedRequestContext } from '../../../platform/request-context.ts';

/** Ends every session of the caller, this one included. */
export async function signOutEverywhereHandler({ ctx }: { ctx: AuthedRequestContext }) {
  const ended = await ctx.services.sessions.endAllForUser(ctx.user.id, 'signed_out_everywhere');
  ctx.setCookie(ctx.services.sessions.blankCookie());
  return { ok: true as const, ended };
}
