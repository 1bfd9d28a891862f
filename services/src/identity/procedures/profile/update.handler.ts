import type { UpdateProfileInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';

/** Name and e-mail of the caller's own account; answers the refreshed user (what `auth.me` returns). */
export async function updateHandler({ ctx, input }: { ctx: AuthedRequestContext; input: UpdateProfileInput }) {
  const user = await ctx.services.profile.updateProfile(ctx.user.id, input, commandContext(ctx));
  return { user };
}
