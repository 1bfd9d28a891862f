/**
 * The newsletter mails, rendered by the API when the request is decided (the confirmation link holds a raw
 * token, which no event may hold) and sent through MAIL_QUEUE. In the language of the page the visitor used. Pure.
 */
import type { Locale, SendEmailJob } from '@crm/contracts';
import { NEWSLETTER_MAIL_STRINGS, type NewsletterMailStrings } from './newsletter-mail.i18n.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const stringsFor = (locale: Locale): NewsletterMailStrings => NEWSLETTER_MAIL_STRINGS[locale] ?? NEWSLETTER_MAIL_STRINGS.en;

function compose(locale: Locale, t: NewsletterMailStrings, paragraphs: string[], link: { url: string; label: string; after: string[] } | null) {
  const after = link?.after ?? [];
  const text = [...paragraphs.flatMap((p) => [p, '']), ...(link ? [link.url, ''] : []), ...after.flatMap((p) => [p, '']), t.signature, ''].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}" dir="${t.dir}"><body style="font-family:sans-serif">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link
      ? [
          `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>`,
          `<p dir="ltr" style="font-size:12px;word-break:break-all"><bdi>${escapeHtml(link.url)}</bdi></p>`,
        ]
      : []),
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(t.signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

/** The double opt-in link (its job is removed from the queue once done: it holds the raw token). */
export function renderNewsletterConfirmMail(input: { to: string; link: string; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.confirm;
  return {
    to: input.to,
    subject: m.subject,
    ...compose(input.locale, t, [m.greeting, m.body], { url: input.link, label: m.button, after: [m.expires, m.ignore] }),
    attachments: [],
    causationEventId: input.causationId,
  };
}

/** To a confirmed address someone subscribed again: only its owner learns it is subscribed. */
export function renderNewsletterAlreadySubscribedMail(input: { to: string; locale: Locale; causationId: string }): SendEmailJob {
  const t = stringsFor(input.locale);
  const m = t.alreadySubscribed;
  return { to: input.to, subject: m.subject, ...compose(input.locale, t, [m.greeting, m.body, m.ignore], null), attachments: [], causationEventId: input.causationId };
}
