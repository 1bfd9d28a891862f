import type { UpdateProfileInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../context.ts';
import { profileCaller } from './profile-caller.ts';

/** Name and e-mail of the caller's own account; answers the refreshed user (what `auth.me` returns). */
export async function updateHandler({ ctx, input }: { ctx: RequestContext; input: UpdateProfileInput }) {
  const user = await ctx.services.profile.updateProfile(profileCaller(ctx).id, input, commandContext(ctx));
  return { user };
}
