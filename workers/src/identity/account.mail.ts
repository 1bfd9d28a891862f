/**
 * The account mails, rendered by the API when the request happens (they carry what no event may hold: the
 * reset link's raw token, the reader's language) and sent through MAIL_QUEUE like every other mail. The
 * security notices (e-mail changed, password changed) are rendered by the account-security reactor. Pure.
 */
import type { Locale, SendEmailJob } from '@crm/contracts';
import { composeMail } from '../mail/mail-layout.ts';
import { ACCOUNT_MAIL_STRINGS, type AccountMailStrings } from './account-mail.i18n.ts';

const stringsFor = (locale: Locale): AccountMailStrings => ACCOUNT_MAIL_STRINGS[locale] ?? ACCOUNT_MAIL_STRINGS.en;

/** To a new account: registration received, awaiting approval. */
export function renderRegistrationReceivedMail(input: { to: string; name: string; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.registered;
  return { to: input.to, subject: m.subject, ...composeMail(input.locale, t, [m.greeting(input.name), m.body, m.next], null), attachments: [], causationEventId: input.causationId };
}

/** To the owner of an address someone tried to register again (the response to the stranger says nothing). */
export function renderRegistrationAttemptMail(input: { to: string; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.registrationAttempt;
  return { to: input.to, subject: m.subject, ...composeMail(input.locale, t, [m.greeting, m.body, m.next, m.ignore], null), attachments: [], causationEventId: input.causationId };
}

/** The reset link (holds the raw token: its job is removed from the queue as soon as it is done). */
export function renderPasswordResetMail(input: { to: string; link: string; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.passwordReset;
  return {
    to: input.to,
    subject: m.subject,
    ...composeMail(input.locale, t, [m.greeting, m.body], { url: input.link, label: m.button, after: [m.expires, m.ignore] }),
    attachments: [],
    causationEventId: input.causationId,
  };
}

/** A moment in the reader's language, always in UTC (the account's time zone is not known): `3 March 2026 at 14:05 UTC`. */
export function formatAccountMailTime(at: string | Date, locale: Locale): string {
  const t = stringsFor(locale);
  return new Intl.DateTimeFormat(t.intl, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(at));
}

/** To the PREVIOUS address after an e-mail change: names the new address and says what to do if it was not them. */
export function renderEmailChangedMail(input: { to: string; newEmail: string; at: string; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.emailChanged;
  const paragraphs = [m.greeting, m.body(input.newEmail), m.when(formatAccountMailTime(input.at, input.locale)), m.notYou];
  return { to: input.to, subject: m.subject, ...composeMail(input.locale, t, paragraphs, null), attachments: [], causationEventId: input.causationId };
}

/** To the account's address after its password was changed (profile) or reset (link). */
export function renderPasswordChangedMail(input: { to: string; via: 'change' | 'reset'; at: string; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.passwordChanged;
  const paragraphs = [m.greeting, m.body[input.via], m.when(formatAccountMailTime(input.at, input.locale)), m.notYou];
  return { to: input.to, subject: m.subject[input.via], ...composeMail(input.locale, t, paragraphs, null), attachments: [], causationEventId: input.causationId };
}

/** The invitation link (holds the raw token: its job is removed from the queue as soon as it is done). */
export function renderInvitationMail(input: {
  to: string;
  inviterName: string;
  userType: 'admin' | 'manager' | 'user';
  link: string;
  locale: Locale;
  causationId: string;
}): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.invitation;
  return {
    to: input.to,
    subject: m.subject,
    ...composeMail(input.locale, t, [m.greeting, m.body(input.inviterName, t.roles[input.userType])], { url: input.link, label: m.button, after: [m.expires, m.ignore] }),
    attachments: [],
    causationEventId: input.causationId,
  };
}

/** To an active admin: someone registered and waits for approval (the link opens the pending accounts). */
export function renderAdminRegistrationMail(input: { to: string; name: string; email: string; link: string | null; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.adminNewRegistration;
  return {
    to: input.to,
    subject: m.subject(input.name),
    ...composeMail(input.locale, t, [m.greeting, m.body(input.name, input.email)], input.link ? { url: input.link, label: m.button, after: [] } : null),
    attachments: [],
    causationEventId: input.causationId,
  };
}

/** To the person whose account was approved: they can log in now. */
export function renderAccountApprovedMail(input: { to: string; name: string; link: string | null; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.approved;
  return {
    to: input.to,
    subject: m.subject,
    ...composeMail(input.locale, t, [m.greeting(input.name), m.body], input.link ? { url: input.link, label: m.button, after: [] } : null),
    attachments: [],
    causationEventId: input.causationId,
  };
}
