/**
 * The mail a visitor receives after requesting a booking. Pure: the same event always renders the same job
 * (no clock, no randomness), so a replay produces an identical mail.
 */
import ical, { ICalAttendeeRole, type ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
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

/**
 * Intl.DateTimeFormat instances by locale, zone and shape: building one costs ~0.1 ms (it loads the zone's and the
 * locale's data), formatting with it a few µs, and a mail formats up to four dates and times.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(shape: 'date' | 'time', timeZone: string, intl: string): Intl.DateTimeFormat {
  const key = `${shape}\u0000${intl}\u0000${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      shape === 'date'
        ? new Intl.DateTimeFormat(intl, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
        : new Intl.DateTimeFormat(intl, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    // Zones come from events (a visitor's own): bounded, so a flood of distinct zones cannot grow it for good.
    if (formatters.size >= 1_000) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}
function formatDate(instant: Date, timeZone: string, intl: string): string {
  return formatter('date', timeZone, intl).format(instant);
}
function formatTime(instant: Date, timeZone: string, intl: string): string {
  return formatter('time', timeZone, intl).format(instant);
}

const stringsFor = (data: BookingRequestedData): BookingMailStrings => BOOKING_MAIL_STRINGS[data.locale] ?? BOOKING_MAIL_STRINGS.en;

/** What happened to the booking: each mail re-issues the same invitation (same UID) at a higher SEQUENCE. */
export type BookingMailKind = 'requested' | 'confirmed' | 'cancelled';

export interface BookingIcsRevision {
  kind: BookingMailKind;
  /** RFC 5545 SEQUENCE: 0 for the request, then higher with every change (the event's stream revision). */
  sequence: number;
  /** When the change happened (DTSTAMP). */
  at: string;
}

const ICS_SHAPE: Record<BookingMailKind, { method: ICalCalendarMethod; status: ICalEventStatus }> = {
  requested: { method: ICalCalendarMethod.REQUEST, status: ICalEventStatus.TENTATIVE },
  confirmed: { method: ICalCalendarMethod.REQUEST, status: ICalEventStatus.CONFIRMED },
  cancelled: { method: ICalCalendarMethod.CANCEL, status: ICalEventStatus.CANCELLED },
};

export const icsContentType = (kind: BookingMailKind) => `text/calendar; method=${ICS_SHAPE[kind].method}`;

/**
 * The invitation: absolute UTC start (DTSTART:...Z), UID = booking id, organizer = sender. A confirmation
 * re-issues it (METHOD:REQUEST, STATUS:CONFIRMED), a cancellation withdraws it (METHOD:CANCEL,
 * STATUS:CANCELLED), both with the same UID and a higher SEQUENCE, so calendars update the one meeting.
 */
export function renderBookingIcs(
  data: BookingRequestedData,
  options: BookingMailOptions,
  revision: BookingIcsRevision = { kind: 'requested', sequence: 0, at: data.requestedAt },
): string {
  const calendar = bookingCalendar(data, options, revision);
  // calendar.toString() is this, folded by a function that builds a TextEncoder per character (0.3 ms per mail,
  // half the rendering's CPU): the same text, folded the same way here (booking-confirmation.mail.unit.spec.ts
  // checks that the two agree). The calendar has no properties beyond these (see ical-generator's calendar toString).
  const events = calendar
    .events()
    .map((e) => e.toString())
    .join('');
  return foldIcsLines(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-${calendar.prodId()}\r\nMETHOD:${calendar.method()}\r\n${events}END:VCALENDAR`);
}

/** The invitation as an ical-generator calendar (renderBookingIcs serialises it). */
export function bookingCalendar(data: BookingRequestedData, options: BookingMailOptions, revision: BookingIcsRevision): ICalCalendar {
  const organizer = parseMailbox(options.from);
  const start = new Date(data.startsAt);
  const end = new Date(start.getTime() + data.durationMinutes * 60_000);
  const t = stringsFor(data);
  const label = MEETING_TYPE_LABELS[data.locale][data.meetingType];
  const shape = ICS_SHAPE[revision.kind];
  const calendar = ical({
    method: shape.method,
    prodId: { company: 'CRM Platform', product: 'Bookings', language: data.locale.toUpperCase() },
  });
  calendar.createEvent({
    id: data.bookingId,
    sequence: revision.sequence,
    start,
    end,
    stamp: new Date(revision.at),
    summary: t.inviteSummary(label, organizer.name),
    description: `${t.bookingId}: ${data.bookingId}\n${t.meetingType}: ${label}`,
    status: shape.status,
    organizer,
    attendees: [{ email: data.email, name: data.name, role: ICalAttendeeRole.REQ, rsvp: false }],
  });
  return calendar;
}

/** UTF-8 length of a UTF-16 code unit that is not part of a pair (a lone surrogate encodes as U+FFFD, 3 bytes). */
const unitBytes = (code: number): number => (code < 0x80 ? 1 : code < 0x800 ? 2 : 3);

/**
 * RFC 5545 line folding exactly as ical-generator 10 does it: a line break and a space before the character that
 * would take the line's UTF-8 length past 74 bytes (a surrogate pair is one character).
 */
export function foldIcsLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      // Fast path: no line of ours is longer than 74 bytes unless it holds more than 24 characters.
      if (line.length <= 24) return line;
      let out = '';
      let bytes = 0;
      let from = 0;
      for (let i = 0; i < line.length; i++) {
        const code = line.charCodeAt(i);
        // ical-generator takes a high surrogate and whatever follows it as one character.
        const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < line.length;
        let size = unitBytes(code);
        if (pair) {
          const next = line.charCodeAt(i + 1);
          size = next >= 0xdc00 && next <= 0xdfff ? 4 : 3 + unitBytes(next);
        }
        bytes += size;
        if (bytes > 74) {
          out += `${line.slice(from, i)}\r\n `;
          from = i;
          bytes = size;
        }
        if (pair) i++;
      }
      return out + line.slice(from);
    })
    .join('\r\n');
}

/** The confirmation mail job for a BookingRequested event (`eventId` becomes the causation id). */
export function renderBookingConfirmationMail(
  event: { id: string; data: BookingRequestedData },
  options: BookingMailOptions,
): SendEmailJob {
  return renderBookingMail(event.id, event.data, { kind: 'requested', sequence: 0, at: event.data.requestedAt }, options);
}

/**
 * The mail for a later change of the booking (BookingConfirmed, BookingCancelled): the request's details with
 * the invitation re-issued or withdrawn. `event.id` is the change's event id (the causation id).
 */
export function renderBookingStatusMail(
  event: { id: string; kind: Exclude<BookingMailKind, 'requested'>; sequence: number; at: string },
  requested: BookingRequestedData,
  options: BookingMailOptions,
): SendEmailJob {
  return renderBookingMail(event.id, requested, { kind: event.kind, sequence: event.sequence, at: event.at }, options);
}

function renderBookingMail(eventId: string, data: BookingRequestedData, revision: BookingIcsRevision, options: BookingMailOptions): SendEmailJob {
  const t = stringsFor(data);
  const words =
    revision.kind === 'requested' ? { subject: t.subject, intro: t.intro, outro: t.outro } : t[revision.kind];
  const start = new Date(data.startsAt);
  const label = MEETING_TYPE_LABELS[data.locale][data.meetingType];
  // The visitor's own zone when the booking dialog sent it (the slot itself is in data.timeZone).
  const zone = data.visitorTimeZone ?? data.timeZone;
  const business =
    options.businessTimeZone !== zone
      ? `${formatDate(start, options.businessTimeZone, t.intl)}, ${formatTime(start, options.businessTimeZone, t.intl)} (${options.businessTimeZone})`
      : null;

  const rows: [string, string][] = [
    [t.bookingId, data.bookingId],
    [t.meetingType, label],
    [t.date, formatDate(start, zone, t.intl)],
    [t.time, `${formatTime(start, zone, t.intl)} (${zone})`],
    [t.duration, t.minutes(data.durationMinutes)],
  ];
  if (business) rows.push([t.ourLocalTime, business]);
  const signature = parseMailbox(options.from).name;

  const text = [t.greeting(data.name), '', words.intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', words.outro, '', signature, ''].join('\n');

  const html = [
    `<!doctype html><html lang="${data.locale}" dir="${t.dir}"><body style="font-family:sans-serif">`,
    `<p>${escapeHtml(t.greeting(data.name))}</p>`,
    `<p>${escapeHtml(words.intro)}</p>`,
    '<table cellpadding="4">',
    ...rows.map(([k, v]) => `<tr><th style="text-align:start">${escapeHtml(k)}</th><td><bdi>${escapeHtml(v)}</bdi></td></tr>`),
    '</table>',
    `<p>${escapeHtml(words.outro)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');

  return {
    to: data.email,
    subject: words.subject(label, data.bookingId),
    text,
    html,
    attachments: [
      { filename: bookingIcsFileName(data.bookingId), contentType: icsContentType(revision.kind), content: renderBookingIcs(data, options, revision) },
    ],
    causationEventId: eventId,
  };
}
