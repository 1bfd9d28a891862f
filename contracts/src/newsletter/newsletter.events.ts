import { z } from 'zod';
import { LOCALES } from '../platform/locale.ts';
import { NEWSLETTER_SOURCES } from './newsletter.rules.ts';
import { auditedEvent } from '../platform/audit.ts';

const isoInstant = z.iso.datetime();
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** A confirmation link was mailed (first request, or a resend once the resend interval has passed). */
export const newsletterSubscriptionRequestedV1 = z.object({
  email: z.string(),
  /** SHA-256 of the confirmation token (the raw token is only in the mail). */
  tokenHash: sha256Hex,
  expiresAt: isoInstant,
  locale: z.enum(LOCALES),
  source: z.enum(NEWSLETTER_SOURCES),
  requestedAt: isoInstant,
});

/** The owner of the address opened a valid confirmation link. */
export const newsletterSubscriptionConfirmedV1 = z.object({
  email: z.string(),
  confirmedAt: isoInstant,
});

/** Someone asked again for an address that is already confirmed: its owner is told it is subscribed. */
export const newsletterSubscriptionRepeatedV1 = z.object({
  email: z.string(),
  locale: z.enum(LOCALES),
  source: z.enum(NEWSLETTER_SOURCES),
  requestedAt: isoInstant,
});

export const newsletterEventSchemas = {
  NewsletterSubscriptionRequested: auditedEvent(1, newsletterSubscriptionRequestedV1, {
    entity: 'newsletter',
    entityId: (d) => d.email,
    action: 'SUBMIT',
    risk: 'low',
    redact: ['tokenHash'],
    state: (d) => ({ status: 'requested', locale: d.locale, source: d.source }),
  }),
  NewsletterSubscriptionConfirmed: auditedEvent(1, newsletterSubscriptionConfirmedV1, {
    entity: 'newsletter',
    entityId: (d) => d.email,
    action: 'UPDATE',
    risk: 'low',
    state: () => ({ status: 'confirmed' }),
  }),
  NewsletterSubscriptionRepeated: auditedEvent(1, newsletterSubscriptionRepeatedV1, { entity: 'newsletter', entityId: (d) => d.email, action: 'SUBMIT', risk: 'low' }),
} as const;

export type NewsletterEvent =
  | { type: 'NewsletterSubscriptionRequested'; data: z.infer<typeof newsletterSubscriptionRequestedV1> }
  | { type: 'NewsletterSubscriptionConfirmed'; data: z.infer<typeof newsletterSubscriptionConfirmedV1> }
  | { type: 'NewsletterSubscriptionRepeated'; data: z.infer<typeof newsletterSubscriptionRepeatedV1> };

/** One stream per address: `newsletter-<sha256 hex of the lower-cased, trimmed address>`. */
export const newsletterStreamId = (emailHash: string) => `newsletter-${emailHash}`;
