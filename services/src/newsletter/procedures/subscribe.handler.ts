import type { NewsletterSubscribeInput } from '@crm/contracts';
import { NEWSLETTER_CHECK_INBOX_MESSAGE } from '../newsletter.service.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

/** The same answer for a new, a pending and a confirmed address. */
export async function subscribeHandler({ ctx, input }: { ctx: RequestContext; input: NewsletterSubscribeInput }) {
  await ctx.services.newsletter.subscribe(input, commandContext(ctx));
  return { success: true as const, message: NEWSLETTER_CHECK_INBOX_MESSAGE };
}
