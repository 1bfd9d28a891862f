import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../platform/locale.ts';
import { CONTACT_LIMITS, CONTACT_SUBJECTS, EMAIL_PATTERN } from './contact.rules.ts';

const required = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** An e-mail address (trimmed, at most 254 characters, the same pattern the web form checks). */
export const publicEmailSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(CONTACT_LIMITS.email, `must be at most ${CONTACT_LIMITS.email} characters`)
  .regex(EMAIL_PATTERN, 'must be a valid e-mail address');

export const optionalLocaleSchema = z
  .enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` })
  .optional()
  .nullable()
  .transform((l) => l ?? DEFAULT_LOCALE);

/** The public contact form (tRPC `contact.send`, REST `POST /api/contact`). */
export const contactSendInput = z.object({
  name: required(CONTACT_LIMITS.name),
  email: publicEmailSchema,
  subject: z.enum(CONTACT_SUBJECTS, { error: `must be one of ${CONTACT_SUBJECTS.join(', ')}` }),
  message: required(CONTACT_LIMITS.message),
  /** The visitor's language (the site's current one). */
  locale: optionalLocaleSchema,
});
export type ContactSendInput = z.output<typeof contactSendInput>;
export type ContactSendPayload = z.input<typeof contactSendInput>;
