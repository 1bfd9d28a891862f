import type { UpdateProfileInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';
import { profileCaller, withPasswordThrottle } from './profile-handler.util.ts';

/** Name and e-mail of the caller's own account; answers the refreshed user (what `auth.me` returns). */
export async function updateHandler({ ctx, input }: { ctx: RequestContext; input: UpdateProfileInput }) {
  const user = await withPasswordThrottle(() => ctx.services.profile.updateProfile(profileCaller(ctx).id, input, commandContext(ctx)));
  return { user };
}
