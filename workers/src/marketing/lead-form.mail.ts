/**
 * The two mails of a lead-form submission (LeadFormSubmitted), pure:
 * - the auto-responder to the submitter: the form's own subject and message, with a greeting, a copy of the
 *   answers and the signature in the page's language;
 * - the notification to each of the form's notification addresses (internal, in English, like the contact
 *   form's): the form, the answers, where the visitor came from, and the lead (a link to
 *   `/admin/customers/<id>` when PUBLIC_URL is known).
 * Each mail's causation id derives from the event id (`<event id>-auto`, `<event id>-notify-<n>`): its job id and
 * its `mail_sent` row, so a replay never sends twice.
 */
import type { FormField, Locale, MarketingEvent, SendEmailJob } from '@crm/contracts';
import { composeMail, escapeHtml } from '../mail/mail-layout.ts';
import { LEAD_FORM_MAIL_STRINGS } from './lead-form-mail.i18n.ts';

export type LeadFormSubmitted = Extract<MarketingEvent, { type: 'LeadFormSubmitted' }>['data'];

/** What the reactor reads of the form (marketing_forms). */
export interface FormForMail {
  name: string;
  title: string;
  fields: FormField[];
  settings: { notifications: string[]; autoResponder: { enabled: boolean; subject: string; message: string }; integrations: { email: boolean } };
}

/** Header-safe: no line breaks from visitor input in a subject line. */
const oneLine = (s: string, max: number) => {
  const flat = s.replace(/[\r\n\t]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** `[label, answer]` per answered field, in the form's order (unknown keys last, by name). */
function answers(form: FormForMail, data: LeadFormSubmitted['data'], yes: string): [string, string][] {
  const value = (v: string | string[] | boolean) => (Array.isArray(v) ? v.join(', ') : v === true ? yes : String(v));
  const known = form.fields.filter((f) => data[f.name] !== undefined).map((f): [string, string] => [f.label, value(data[f.name]!)]);
  const names = new Set(form.fields.map((f) => f.name));
  const extra = Object.entries(data)
    .filter(([k]) => !names.has(k))
    .map(([k, v]): [string, string] => [k, value(v)]);
  return [...known, ...extra];
}

const nameOf = (data: LeadFormSubmitted['data']) => {
  for (const key of ['full_name', 'name', 'fullname']) if (typeof data[key] === 'string') return data[key];
  const joined = [data.first_name, data.last_name].filter((v): v is string => typeof v === 'string').join(' ');
  return joined || null;
};

export function renderAutoResponderMail(event: { id: string; data: LeadFormSubmitted }, form: FormForMail): SendEmailJob | null {
  const d = event.data;
  if (!d.email || !form.settings.autoResponder.enabled || !form.settings.integrations.email) return null;
  const locale: Locale = d.locale ?? 'en';
  const t = LEAD_FORM_MAIL_STRINGS[locale] ?? LEAD_FORM_MAIL_STRINGS.en;
  const lines = answers(form, d.data, t.yes).map(([k, v]) => `${k}: ${v}`);
  const paragraphs = [t.greeting(nameOf(d.data)), ...form.settings.autoResponder.message.split(/\n{2,}/), t.yourAnswers, lines.join('\n')].filter((p) => p.trim() !== '');
  const { text, html } = composeMail(locale, t, paragraphs, null);
  return {
    to: d.email,
    subject: oneLine(form.settings.autoResponder.subject || form.title, 200),
    text,
    // Paragraphs keep their line breaks (the answers' lines).
    html: html.replaceAll('<p>', '<p style="white-space:pre-wrap">'),
    attachments: [],
    causationEventId: `${event.id}-auto`,
  };
}

export function renderSubmissionNotificationMails(event: { id: string; data: LeadFormSubmitted }, form: FormForMail, options: { publicUrl?: string | null }): SendEmailJob[] {
  const d = event.data;
  const base = options.publicUrl?.replace(/\/+$/, '') || null;
  const leadLink = d.customerId && base ? `${base}/admin/customers/${d.customerId}` : null;
  const who = nameOf(d.data) ?? d.email ?? 'Someone';
  const rows: [string, string][] = [
    ['Form', form.name],
    ['Submitted', new Date(d.submittedAt).toUTCString()],
    ['E-mail', d.email ?? '—'],
    [d.leadCreated ? 'New lead' : 'Customer', d.customerId ?? (d.email ? 'not recorded (the form’s CRM integration is off)' : 'none (no e-mail answer)')],
    ['Source', [d.leadSource, d.utmSource, d.utmMedium, d.utmCampaign].filter(Boolean).join(' · ')],
    ['Referrer', d.referrer ?? '—'],
    ['Channel', d.channel],
    ['Reference', d.submissionId],
  ];
  const list = answers(form, d.data, 'Yes');
  const intro = d.leadCreated ? `${who} filled in the form "${form.name}" and is now a lead.` : `${who} filled in the form "${form.name}".`;
  const text = [
    intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    'Answers:',
    ...list.map(([k, v]) => `${k}: ${v}`),
    '',
    ...(leadLink ? [`Open the lead: ${leadLink}`, ''] : []),
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:sans-serif">',
    `<p>${escapeHtml(intro)}</p>`,
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td><bdi>${escapeHtml(v)}</bdi></td></tr>`),
    '</table>',
    '<h3>Answers</h3>',
    '<table>',
    ...list.map(([k, v]) => `<tr><th align="left" style="padding-right:12px;vertical-align:top">${escapeHtml(k)}</th><td style="white-space:pre-wrap"><bdi>${escapeHtml(v)}</bdi></td></tr>`),
    '</table>',
    ...(leadLink ? [`<p><a href="${escapeHtml(leadLink)}">Open the lead</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  const subject = `[Form · ${oneLine(form.name, 60)}] ${oneLine(who, 80)}`;
  return [...new Set(form.settings.notifications.map((a) => a.toLowerCase()))].map((to, i) => ({
    to,
    subject,
    text,
    html,
    attachments: [],
    causationEventId: `${event.id}-notify-${i}`,
  }));
}
