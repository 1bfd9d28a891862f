import type { ChangePasswordInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';
import { profileCaller, withPasswordThrottle } from './profile-handler.util.ts';

/** A new password for the caller; their other sessions end, this one stays. */
export async function changePasswordHandler({ ctx, input }: { ctx: RequestContext; input: ChangePasswordInput }) {
  const { endedSessions } = await withPasswordThrottle(() =>
    ctx.services.profile.changePassword(profileCaller(ctx).id, ctx.sessionId, input, commandContext(ctx)),
  );
  return { ok: true as const, endedSessions };
}
