import type { RequestContext } from '../../../platform/request-context.ts';
import { profileCaller } from './profile-handler.util.ts';

/** Ends every session of the caller, this one included. */
export async function signOutEverywhereHandler({ ctx }: { ctx: RequestContext }) {
  const ended = await ctx.services.sessions.endAllForUser(profileCaller(ctx).id, 'signed_out_everywhere');
  ctx.setCookie(ctx.services.sessions.blankCookie());
  return { ok: true as const, ended };
}
