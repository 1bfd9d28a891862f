import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the contact domain (messages from the contact page). */
export const CONTACT_ERRORS = defineDomainErrors({
  contact_message_exists: { kind: 'conflict', message: 'This message was already received', internal: true },
});
