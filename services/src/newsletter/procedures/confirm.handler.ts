import { NEWSLETTER_CONFIRMED_MESSAGE } from '../newsletter.service.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

/** 422 `newsletter_token_invalid` for an unknown or expired token; opening a link again still says confirmed. */
export async function confirmHandler({ ctx, input }: { ctx: RequestContext; input: { token: string } }) {
  const { alreadyConfirmed } = await ctx.services.newsletter.confirm(input.token, commandContext(ctx));
  return { success: true as const, message: NEWSLETTER_CONFIRMED_MESSAGE, alreadyConfirmed };
}
