/**
 * The newsletter mails, rendered by the API when the request is decided (the confirmation link holds a raw
 * token, which no event may hold) and sent through MAIL_QUEUE. In the language of the page the visitor used. Pure.
 */
import type { Locale, SendEmailJob } from '@crm/contracts';
import { composeMail } from '../mail/mail-layout.ts';
import { NEWSLETTER_MAIL_STRINGS, type NewsletterMailStrings } from './newsletter-mail.i18n.ts';

const stringsFor = (locale: Locale): NewsletterMailStrings => NEWSLETTER_MAIL_STRINGS[locale] ?? NEWSLETTER_MAIL_STRINGS.en;

/** The double opt-in link (its job is removed from the queue once done: it holds the raw token). */
export function renderNewsletterConfirmMail(input: { to: string; link: string; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.confirm;
  return {
    to: input.to,
    subject: m.subject,
    ...composeMail(input.locale, t, [m.greeting, m.body], { url: input.link, label: m.button, after: [m.expires, m.ignore] }),
    attachments: [],
    causationEventId: input.causationId,
  };
}

/** To a confirmed address someone subscribed again: only its owner learns it is subscribed. */
export function renderNewsletterAlreadySubscribedMail(input: { to: string; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.alreadySubscribed;
  return { to: input.to, subject: m.subject, ...composeMail(input.locale, t, [m.greeting, m.body, m.ignore], null), attachments: [], causationEventId: input.causationId };
}
