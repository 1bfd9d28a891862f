/**
 * The public contact form (spec 01 §2 "Contact"): a message is recorded as `ContactMessageReceived` in its own
 * stream; the contact-notification reactor (workers) mails the sales inbox from the event, through the queue.
 */
import { randomUUID } from 'node:crypto';
import { contactStreamId, type ContactSendInput, type EventStore } from '@crm/contracts';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { contactDecider } from './contact.decider.ts';

export const CONTACT_SENT_MESSAGE = 'Thank you for your message. We will answer within 24 business hours.';

export interface ContactService {
  send(input: ContactSendInput, ctx: CommandContext): Promise<{ messageId: string }>;
}

export function createContactService(deps: { store: EventStore }): ContactService {
  return {
    async send(input, ctx) {
      const messageId = randomUUID();
      await handleCommand(deps.store, contactStreamId(messageId), contactDecider, { type: 'ReceiveContactMessage', messageId, ...input }, ctx, { expectNew: true });
      return { messageId };
    },
  };
}
