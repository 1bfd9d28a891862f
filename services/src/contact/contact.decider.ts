import { CONTACT_ERRORS, domainError, type ContactEvent, type ContactSubject, type Locale } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

/** A contact message is one stream (`contact-<messageId>`): received once, never changed. */
export type ContactState = { status: 'none' } | { status: 'received'; messageId: string };

export type ContactCommand = {
  type: 'ReceiveContactMessage';
  messageId: string;
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  locale: Locale;
};

const initialState: ContactState = { status: 'none' };

function evolve(_state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { status: 'received', messageId: event.data.messageId };
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

function decide(command: ContactCommand, state: ContactState, ctx: CommandContext): ContactEvent[] {
  switch (command.type) {
    case 'ReceiveContactMessage': {
      if (state.status !== 'none') throw domainError(CONTACT_ERRORS.contact_message_exists);
      const { type: _type, ...fields } = command;
      return [{ type: 'ContactMessageReceived', data: { ...fields, receivedAt: ctx.now.toISOString() } }];
    }
    default: {
      const never: never = command.type;
      return never;
    }
  }
}

export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = { initialState, evolve, decide };
