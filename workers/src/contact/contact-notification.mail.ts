/**
 * The sales team's notification of a contact message (ContactMessageReceived). Internal mail: in English, with
 * the visitor's language named so the answer can be written in it. Pure.
 */
import type { ContactEvent, SendEmailJob } from '@crm/contracts';
import { escapeHtml } from '../mail/mail-layout.ts';

type ContactMessage = Extract<ContactEvent, { type: 'ContactMessageReceived' }>['data'];

const SUBJECT_LABELS: Record<ContactMessage['subject'], string> = {
  sales: 'Sales',
  support: 'Support',
  partnership: 'Partnership',
  other: 'Other',
};
const LANGUAGE_NAMES: Record<ContactMessage['locale'], string> = { en: 'English', fr: 'French', ar: 'Arabic' };

/** Header-safe: no line breaks from visitor input in the subject line. */
const oneLine = (s: string, max: number) => {
  const flat = s.replace(/[\r\n\t]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function renderContactNotificationMail(event: { id: string; data: ContactMessage }, options: { to: string }): SendEmailJob {
  const d = event.data;
  const received = new Date(d.receivedAt).toUTCString();
  const rows: [string, string][] = [
    ['From', `${d.name} <${d.email}>`],
    ['Subject', SUBJECT_LABELS[d.subject]],
    ['Language', LANGUAGE_NAMES[d.locale]],
    ['Received', received],
    ['Reference', d.messageId],
  ];
  const text = ['A new message was sent through the contact form.', '', ...rows.map(([k, v]) => `${k}: ${v}`), '', d.message, '', 'Please answer within 24 business hours.', ''].join('\n');
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:sans-serif">',
    '<p>A new message was sent through the contact form.</p>',
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td><bdi>${escapeHtml(v)}</bdi></td></tr>`),
    '</table>',
    `<p style="white-space:pre-wrap"><bdi>${escapeHtml(d.message)}</bdi></p>`,
    '<p>Please answer within 24 business hours.</p>',
    '</body></html>',
  ].join('\n');
  return {
    to: options.to,
    subject: `[Contact · ${SUBJECT_LABELS[d.subject]}] ${oneLine(d.name, 80)}`,
    text,
    html,
    attachments: [],
    causationEventId: event.id,
  };
}
