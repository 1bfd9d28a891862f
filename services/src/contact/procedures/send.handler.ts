import type { ContactSendInput } from '@crm/contracts';
import { CONTACT_SENT_MESSAGE } from '../contact.service.ts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function sendHandler({ ctx, input }: { ctx: RequestContext; input: ContactSendInput }) {
  const { messageId } = await ctx.services.contact.send(input, commandContext(ctx));
  return { success: true as const, message: CONTACT_SENT_MESSAGE, messageId };
}
