import { z } from 'zod';
import { LOCALES } from '../platform/locale.ts';
import { CONTACT_SUBJECTS } from './contact.rules.ts';
import { auditedEvent } from '../platform/audit.ts';

export const contactMessageReceivedV1 = z.object({
  messageId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string(),
  /** The language of the page it was sent from. */
  locale: z.enum(LOCALES),
  receivedAt: z.iso.datetime(),
});

export const contactEventSchemas = {
  ContactMessageReceived: auditedEvent(1, contactMessageReceivedV1, { entity: 'contact', entityId: (d) => d.messageId, action: 'CREATE', risk: 'low' }),
} as const;

export type ContactEvent = { type: 'ContactMessageReceived'; data: z.infer<typeof contactMessageReceivedV1> };

export const contactStreamId = (messageId: string) => `contact-${messageId}`;
