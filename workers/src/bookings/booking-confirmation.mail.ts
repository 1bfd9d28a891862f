/**
 * The mail a visitor receives after requesting a booking. Pure: the same event always renders the same job
 * (no clock, no randomness), so a replay produces an identical mail.
 */
import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { MEETING_TYPE_LABELS, type BookingEvent, type SendEmailJob } from '@crm/contracts';
import { BOOKING_MAIL_STRINGS, type BookingMailStrings } from './booking-confirmation.i18n.ts';
import { escapeHtml } from '../mail/mail-layout.ts';

export type BookingRequestedData = Extract<BookingEvent, { type: 'BookingRequested' }>['data'];

export interface BookingMailOptions {
  /** `Name <address>` or a bare address; the invitation's organizer. */
  from: string;
  /** The business's zone: the mail also shows the time there when the visitor is elsewhere. */
  businessTimeZone: string;
}

export const bookingIcsFileName = (bookingId: string) => `booking-${bookingId}.ics`;
export const ICS_CONTENT_TYPE = 'text/calendar; method=REQUEST';

/** Splits `Name <address>` (or a bare address) into its parts. */
export function parseMailbox(from: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (m) return { name: m[1]!.trim() || m[2]!.trim(), email: m[2]!.trim() };
  return { name: from.trim(), email: from.trim() };
}

function formatDate(instant: Date, timeZone: string, intl: string): string {
  return new Intl.DateTimeFormat(intl, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instant);
}
function formatTime(instant: Date, timeZone: string, intl: string): string {
  return new Intl.DateTimeFormat(intl, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

const stringsFor = (data: BookingRequestedData): BookingMailStrings => BOOKING_MAIL_STRINGS[data.locale] ?? BOOKING_MAIL_STRINGS.en;

/** The invitation: absolute UTC start (DTSTART:...Z), UID = booking id, organizer = sender. */
export function renderBookingIcs(data: BookingRequestedData, options: BookingMailOptions): string {
  const organizer = parseMailbox(options.from);
  const start = new Date(data.startsAt);
  const end = new Date(start.getTime() + data.durationMinutes * 60_000);
  const t = stringsFor(data);
  const label = MEETING_TYPE_LABELS[data.locale][data.meetingType];
  const calendar = ical({
    method: ICalCalendarMethod.REQUEST,
    prodId: { company: 'CRM Platform', product: 'Bookings', language: data.locale.toUpperCase() },
  });
  calendar.createEvent({
    id: data.bookingId,
    start,
    end,
    stamp: new Date(data.requestedAt),
    summary: t.inviteSummary(label, organizer.name),
    description: `${t.bookingId}: ${data.bookingId}\n${t.meetingType}: ${label}`,
    status: ICalEventStatus.TENTATIVE,
    organizer,
    attendees: [{ email: data.email, name: data.name, role: ICalAttendeeRole.REQ, rsvp: false }],
  });
  return calendar.toString();
}

/** The confirmation mail job for a BookingRequested event (`eventId` becomes the causation id). */
export function renderBookingConfirmationMail(
  event: { id: string; data: BookingRequestedData },
  options: BookingMailOptions,
): SendEmailJob {
  const { data } = event;
  const t = stringsFor(data);
  const start = new Date(data.startsAt);
  const label = MEETING_TYPE_LABELS[data.locale][data.meetingType];
  const business =
    options.businessTimeZone !== data.timeZone
      ? `${formatDate(start, options.businessTimeZone, t.intl)}, ${formatTime(start, options.businessTimeZone, t.intl)} (${options.businessTimeZone})`
      : null;

  const rows: [string, string][] = [
    [t.bookingId, data.bookingId],
    [t.meetingType, label],
    [t.date, formatDate(start, data.timeZone, t.intl)],
    [t.time, `${formatTime(start, data.timeZone, t.intl)} (${data.timeZone})`],
    [t.duration, t.minutes(data.durationMinutes)],
  ];
  if (business) rows.push([t.ourLocalTime, business]);
  const signature = parseMailbox(options.from).name;

  const text = [t.greeting(data.name), '', t.intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', t.outro, '', signature, ''].join('\n');

  const html = [
    `<!doctype html><html lang="${data.locale}" dir="${t.dir}"><body style="font-family:sans-serif">`,
    `<p>${escapeHtml(t.greeting(data.name))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    '<table cellpadding="4">',
    ...rows.map(([k, v]) => `<tr><th style="text-align:start">${escapeHtml(k)}</th><td><bdi>${escapeHtml(v)}</bdi></td></tr>`),
    '</table>',
    `<p>${escapeHtml(t.outro)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');

  return {
    to: data.email,
    subject: t.subject(label, data.bookingId),
    text,
    html,
    attachments: [
      { filename: bookingIcsFileName(data.bookingId), contentType: ICS_CONTENT_TYPE, content: renderBookingIcs(data, options) },
    ],
    causationEventId: event.id,
  };
}
