import { describe, expect, it } from 'vitest';
import { MEETING_TYPES, MEETING_TYPE_LABELS, type MeetingType, sendEmailJobSchema } from '@crm/contracts';
import {
  type BookingMailKind,
  type BookingRequestedData,
  bookingCalendar,
  foldIcsLines,
  parseMailbox,
  renderBookingConfirmationMail,
  renderBookingIcs,
} from '@crm/workers';
import { icsLines } from './support/mime.ts';

const EVENT_ID = '0b0f5a3e-8a41-4a4c-9d55-7f0a3c2b1e01';
const BOOKING_ID = '5f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const FROM = 'CRM Platform <no-reply@crm.example>';

function booking(overrides: Partial<BookingRequestedData> = {}): BookingRequestedData {
  return {
    bookingId: BOOKING_ID,
    name: 'Ada <Lovelace> & Co',
    email: 'ada@example.org',
    company: null,
    phone: null,
    meetingType: 'demo',
    preferredDate: '2026-12-01',
    preferredTime: '10:00',
    timeZone: 'Europe/Paris',
    startsAt: '2026-12-01T09:00:00.000Z',
    durationMinutes: 30,
    message: null,
    requestedAt: '2026-11-20T08:00:00.000Z',
    locale: 'en',
    ...overrides,
  };
}

const render = (data: BookingRequestedData, businessTimeZone = 'Europe/Paris') =>
  renderBookingConfirmationMail({ id: EVENT_ID, data }, { from: FROM, businessTimeZone });

describe('booking confirmation mail (rendering)', () => {
  it('renders a valid mail job to the visitor with the booking details', () => {
    const job = render(booking());
    expect(sendEmailJobSchema.parse(job)).toEqual(job);
    expect(job.to).toBe('ada@example.org');
    expect(job.causationEventId).toBe(EVENT_ID);
    expect(job.subject).toContain(BOOKING_ID);
    expect(job.text).toContain(`Booking ID: ${BOOKING_ID}`);
    expect(job.text).toContain('Meeting type: Product Demo');
    expect(job.text).toContain('Date: Tuesday, 1 December 2026');
    expect(job.text).toContain('Time: 10:00 (Europe/Paris)');
    expect(job.text).toContain('Duration: 30 minutes');
    expect(job.text).not.toContain('Our local time');
    expect(job.html).toContain(BOOKING_ID);
    expect(job.html).toContain('Ada &lt;Lovelace&gt; &amp; Co');
    expect(job.html).not.toContain('<Lovelace>');
  });

  it('attaches an iCalendar REQUEST whose DTSTART is the absolute UTC instant', () => {
    const job = render(booking());
    expect(job.attachments).toHaveLength(1);
    const ics = job.attachments[0]!;
    expect(ics.filename).toBe(`booking-${BOOKING_ID}.ics`);
    expect(ics.contentType).toBe('text/calendar; method=REQUEST');
    const lines = icsLines(ics.content);
    expect(lines).toContain('METHOD:REQUEST');
    // 2026-12-01 10:00 in Paris (CET, UTC+1) is 09:00 UTC.
    expect(lines).toContain('DTSTART:20261201T090000Z');
    expect(lines).toContain('DTEND:20261201T093000Z');
    expect(lines).toContain(`UID:${BOOKING_ID}`);
    expect(lines).toContain('DTSTAMP:20261120T080000Z');
    expect(lines.find((l) => l.startsWith('SUMMARY:'))).toBe('SUMMARY:Product Demo with CRM Platform');
    expect(lines.find((l) => l.startsWith('ORGANIZER'))).toMatch(/^ORGANIZER;CN="?CRM Platform"?:mailto:no-reply@crm\.example$/);
    expect(lines.find((l) => l.startsWith('ATTENDEE'))).toMatch(/:mailto:ada@example\.org$/i);
    expect(lines.some((l) => l.startsWith('DTSTART;TZID'))).toBe(false);
  });

  it('uses the summer offset (CEST) from the absolute start', () => {
    const job = render(booking({ preferredDate: '2026-07-01', startsAt: '2026-07-01T08:00:00.000Z', durationMinutes: 45 }));
    const lines = icsLines(job.attachments[0]!.content);
    expect(lines).toContain('DTSTART:20260701T080000Z');
    expect(lines).toContain('DTEND:20260701T084500Z');
    expect(job.text).toContain('Time: 10:00 (Europe/Paris)');
    expect(job.text).toContain('Date: Wednesday, 1 July 2026');
  });

  it("shows the visitor's zone and the business's time when they differ", () => {
    // 10:00 in New York (EST, UTC-5) on 2026-12-01 = 15:00 UTC = 16:00 in Paris.
    const job = render(booking({ timeZone: 'America/New_York', startsAt: '2026-12-01T15:00:00.000Z' }), 'Europe/Paris');
    expect(job.text).toContain('Time: 10:00 (America/New_York)');
    expect(job.text).toContain('Our local time: Tuesday, 1 December 2026, 16:00 (Europe/Paris)');
    expect(icsLines(job.attachments[0]!.content)).toContain('DTSTART:20261201T150000Z');
  });

  it('labels every meeting type', () => {
    const expected: Record<MeetingType, string> = {
      demo: 'Product Demo',
      consultation: 'Free Consultation',
      sales: 'Sales Discussion',
      technical: 'Technical Support',
      partnership: 'Partnership Opportunities',
    };
    expect(MEETING_TYPE_LABELS.en).toEqual(expected);
    for (const type of MEETING_TYPES) {
      expect(render(booking({ meetingType: type })).text).toContain(`Meeting type: ${expected[type]}`);
    }
  });

  it("writes the mail and the invitation in the visitor's language (French)", () => {
    const job = render(booking({ locale: 'fr', meetingType: 'consultation' }));
    expect(job.subject).toBe(`Votre demande : Consultation gratuite (réservation ${BOOKING_ID})`);
    expect(job.text).toContain('Bonjour Ada <Lovelace> & Co,');
    expect(job.text).toContain('Date: mardi 1 décembre 2026');
    expect(job.text).toContain('Heure: 10:00 (Europe/Paris)');
    expect(job.html).toContain('<html lang="fr" dir="ltr">');
    expect(icsLines(job.attachments[0]!.content)).toContain('DTSTART:20261201T090000Z');
    expect(job.attachments[0]!.content).toContain('SUMMARY:Consultation gratuite avec CRM Platform');
  });

  it('writes Arabic mails right to left, with Arabic labels and dates', () => {
    const job = render(booking({ locale: 'ar' }));
    expect(job.subject).toContain('عرض توضيحي للمنتج');
    expect(job.text).toContain('رقم الحجز: ' + BOOKING_ID);
    expect(job.text).toContain('ديسمبر');
    expect(job.html).toContain('<html lang="ar" dir="rtl">');
    expect(job.attachments[0]!.content).toContain('SUMMARY:عرض توضيحي للمنتج مع CRM Platform');
  });

  it('reads an event written before the language was recorded as English', async () => {
    const { bookingEventSchemas } = await import('@crm/contracts');
    const { locale: _locale, ...older } = booking();
    const parsed = bookingEventSchemas.BookingRequested.schema.parse(older);
    expect(parsed.locale).toBe('en');
    expect(render(parsed).subject).toBe(`Your Product Demo request (booking ${BOOKING_ID})`);
  });

  it('is pure: the same event renders the same job', () => {
    expect(render(booking())).toEqual(render(booking()));
  });

  it('parses sender mailboxes', () => {
    expect(parseMailbox('CRM Platform <no-reply@crm.example>')).toEqual({ name: 'CRM Platform', email: 'no-reply@crm.example' });
    expect(parseMailbox('"Acme, Inc." <hi@acme.test>')).toEqual({ name: 'Acme, Inc.', email: 'hi@acme.test' });
    expect(parseMailbox('bare@acme.test')).toEqual({ name: 'bare@acme.test', email: 'bare@acme.test' });
  });

  it("serialises the invitation exactly as ical-generator's calendar.toString() (own folding, same bytes)", () => {
    // Names, zones and senders that make lines long, multi-byte, astral (surrogate pairs) and escaped.
    const names = [
      'Ada Lovelace',
      'Zoë "Ñandú", 李雷; x\\y',
      'محمد عبد الرحمن بن عبد العزيز آل سعود من شركة التحليلات المتقدمة',
      '😀'.repeat(40),
      `${'a'.repeat(70)}é😀${'b'.repeat(90)}`,
      'broken \ud83d pair and \ud83d\ud83d twice',
      '',
    ];
    const senders = [FROM, '"Acme, Inc. — Ventes & Réservations internationales" <reservations-internationales@acme.example>', 'bare@acme.test'];
    const kinds: BookingMailKind[] = ['requested', 'confirmed', 'cancelled'];
    let checked = 0;
    for (const [i, name] of names.entries()) {
      for (const from of senders) {
        for (const locale of ['en', 'fr', 'ar'] as const) {
          const data = booking({ name, email: `v${i}@example.org`, locale, meetingType: MEETING_TYPES[i % MEETING_TYPES.length]! });
          const revision = { kind: kinds[(i + checked) % 3]!, sequence: i, at: '2026-11-21T10:00:00.000Z' };
          const options = { from, businessTimeZone: 'Europe/Paris' };
          expect(renderBookingIcs(data, options, revision)).toBe(bookingCalendar(data, options, revision).toString());
          checked++;
        }
      }
    }
    expect(checked).toBe(names.length * senders.length * 3);
    // Folding alone: 74 UTF-8 bytes per line, never inside a surrogate pair.
    expect(foldIcsLines(`X:${'é'.repeat(40)}`)).toBe(`X:${'é'.repeat(36)}\r\n ${'é'.repeat(4)}`);
    expect(foldIcsLines(`X:${'a'.repeat(71)}😀b`)).toBe(`X:${'a'.repeat(71)}\r\n 😀b`);
  });
});
