/**
 * The contact form's rules (spec 01 §2 "Contact", §5: name, email, subject, message all required), without
 * zod: the web form checks exactly these before sending, and the server's zod schema (contact.input.ts) is
 * built from the same constants, so both sides refuse the same things.
 */

export const CONTACT_SUBJECTS = ['sales', 'support', 'partnership', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/**
 * The e-mail pattern zod 4 uses for `z.email()` (its default, "gmail-like" rule), copied so the browser needs
 * no zod. `contact.rules.unit.spec.ts` fails if zod's ever changes.
 */
// eslint-disable-next-line no-useless-escape -- zod's own pattern, character for character
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export const isEmailAddress = (value: string) => value.length <= CONTACT_LIMITS.email && EMAIL_PATTERN.test(value);

export type ContactField = 'name' | 'email' | 'subject' | 'message';
export type ContactProblem = 'required' | 'email' | 'tooLong' | 'subject';

export interface ContactFormValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Every problem of a filled-in form, by field (empty when it may be sent). Values are trimmed first. */
export function contactFormProblems(values: ContactFormValues): Partial<Record<ContactField, ContactProblem>> {
  const problems: Partial<Record<ContactField, ContactProblem>> = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!name) problems.name = 'required';
  else if (name.length > CONTACT_LIMITS.name) problems.name = 'tooLong';
  if (!email) problems.email = 'required';
  else if (email.length > CONTACT_LIMITS.email) problems.email = 'tooLong';
  else if (!EMAIL_PATTERN.test(email)) problems.email = 'email';
  if (!values.subject) problems.subject = 'required';
  else if (!(CONTACT_SUBJECTS as readonly string[]).includes(values.subject)) problems.subject = 'subject';
  if (!message) problems.message = 'required';
  else if (message.length > CONTACT_LIMITS.message) problems.message = 'tooLong';
  return problems;
}
