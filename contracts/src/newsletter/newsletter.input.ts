import { z } from 'zod';
import { optionalLocaleSchema, publicEmailSchema } from '../contact/contact.input.ts';
import { NEWSLETTER_SOURCES, NEWSLETTER_TOKEN_PATTERN } from './newsletter.rules.ts';

/** tRPC `newsletter.subscribe`, REST `POST /api/newsletter/subscribe`. */
export const newsletterSubscribeInput = z.object({
  email: publicEmailSchema,
  /** The site's current language: the confirmation mail is written in it. */
  locale: optionalLocaleSchema,
  source: z
    .enum(NEWSLETTER_SOURCES, { error: `must be one of ${NEWSLETTER_SOURCES.join(', ')}` })
    .optional()
    .nullable()
    .transform((s) => s ?? 'footer'),
});
export type NewsletterSubscribeInput = z.output<typeof newsletterSubscribeInput>;

/** tRPC `newsletter.confirm`, REST `POST /api/newsletter/confirm`. */
export const newsletterConfirmInput = z.object({
  token: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'is not a confirmation token').regex(NEWSLETTER_TOKEN_PATTERN, 'is not a confirmation token'),
});
