/**
 * The mail a visitor receives after requesting a booking. Pure: the same event always renders the same job
 * (no clock, no randomness), so a replay produces an identical mail.
 */
import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingEvent, MeetingType, SendEmailJob } from '@crm/contracts';

export type BookingRequestedData = Extract<BookingEvent, { type: 'BookingRequested' }>['data'];

export const MEETING_TYPE_LABELS: Record<MeetingType, string> = {
  demo: 'Product Demo',
  consultation: 'Free Consultation',
  sales: 'Sales Discussion',
  technical: 'Technical Support',
  partnership: 'Partnership Opportunities',
};

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

function formatDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    instant,
  );
}
function formatTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The invitation: absolute UTC start (DTSTART:...Z), UID = booking id, organizer = sender. */
export function renderBookingIcs(data: BookingRequestedData, options: BookingMailOptions): string {
  const organizer = parseMailbox(options.from);
  const start = new Date(data.startsAt);
  const end = new Date(start.getTime() + data.durationMinutes * 60_000);
  const label = MEETING_TYPE_LABELS[data.meetingType];
  const calendar = ical({
    method: ICalCalendarMethod.REQUEST,
    prodId: { company: 'CRM Platform', product: 'Bookings', language: 'EN' },
  });
  calendar.createEvent({
    id: data.bookingId,
    start,
    end,
    stamp: new Date(data.requestedAt),
    summary: `${label} with ${organizer.name}`,
    description: `Booking ID: ${data.bookingId}\nMeeting type: ${label}`,
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
  const start = new Date(data.startsAt);
  const label = MEETING_TYPE_LABELS[data.meetingType];
  const date = formatDate(start, data.timeZone);
  const time = formatTime(start, data.timeZone);
  const business =
    options.businessTimeZone !== data.timeZone
      ? `${formatDate(start, options.businessTimeZone)}, ${formatTime(start, options.businessTimeZone)} (${options.businessTimeZone})`
      : null;

  const rows: [string, string][] = [
    ['Booking ID', data.bookingId],
    ['Meeting type', label],
    ['Date', date],
    ['Time', `${time} (${data.timeZone})`],
    ['Duration', `${data.durationMinutes} minutes`],
  ];
  if (business) rows.push(['Our local time', business]);

  const text = [
    `Hello ${data.name},`,
    '',
    'Thank you for your booking request. Here are the details:',
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    'We will confirm your booking shortly. The attached invitation adds the meeting to your calendar.',
    '',
    parseMailbox(options.from).name,
    '',
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>Hello ${escapeHtml(data.name)},</p>`,
    '<p>Thank you for your booking request. Here are the details:</p>',
    '<table cellpadding="4">',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<p>We will confirm your booking shortly. The attached invitation adds the meeting to your calendar.</p>',
    `<p>${escapeHtml(parseMailbox(options.from).name)}</p>`,
    '</body></html>',
  ].join('\n');

  return {
    to: data.email,
    subject: `Your ${label} request (booking ${data.bookingId})`,
    text,
    html,
    attachments: [
      { filename: bookingIcsFileName(data.bookingId), contentType: ICS_CONTENT_TYPE, content: renderBookingIcs(data, options) },
    ],
    causationEventId: event.id,
  };
}
