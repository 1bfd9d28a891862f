import { describe, it } from 'vitest';
import type { ContactEvent } from '@crm/contracts';
import { contactDecider, type ContactCommand } from '../../src/contact/contact.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-03-02T10:00:00.000Z');
const spec = deciderSpec(contactDecider, { now, userId: null, metadata: { correlationId: 'test', userId: null, causationId: null } });
const messageId = '0b7d3c52-4a43-4d2b-8f35-0c3c5e3a8f11';
const receive: ContactCommand = {
  type: 'ReceiveContactMessage',
  messageId,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'sales',
  message: 'Tell me about pricing.',
  locale: 'fr',
};
const received: ContactEvent = {
  type: 'ContactMessageReceived',
  data: { messageId, name: 'Ada Lovelace', email: 'ada@example.com', subject: 'sales', message: 'Tell me about pricing.', locale: 'fr', receivedAt: now.toISOString() },
};

describe('contact decider', () => {
  it('given nothing, when a message is received, then ContactMessageReceived (with the time of the command)', () => {
    spec.given([]).when(receive).then([received]);
  });
  it('given the message was received, when it is received again, then it is refused (a message is recorded once)', () => {
    spec.given([received]).when(receive).thenThrows('contact_message_exists');
  });
});
