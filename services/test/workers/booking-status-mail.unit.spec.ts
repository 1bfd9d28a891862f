/**
 * The mails of a booking's later changes: confirmation (the invitation re-issued, METHOD:REQUEST,
 * STATUS:CONFIRMED) and cancellation (METHOD:CANCEL, STATUS:CANCELLED), both with the request's UID and a higher
 * SEQUENCE; and the reactor that gathers the request from the booking's stream and enqueues the mails of a batch
 * as one `send-email-batch` job (job id from the first and last event ids).
 */
import { describe, expect, it } from 'vitest';
import { type RecordedEvent, bookingStreamId, sendEmailJobSchema, type SendEmailJob } from '@crm/contracts';
import {
  type AppQueue,
  type BookingRequestedData,
  bookingConfirmationReactor,
  SEND_EMAIL_BATCH_JOB,
  mailBatchJobId,
  renderBookingConfirmationMail,
  renderBookingStatusMail,
  silentLogger,
} from '@crm/workers';
import { icsLines } from './support/mime.ts';

const BOOKING_ID = '5f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const FROM = 'CRM Platform <no-reply@crm.example>';
const OPTIONS = { from: FROM, businessTimeZone: 'Europe/Paris' };

function requested(overrides: Partial<BookingRequestedData> = {}): BookingRequestedData {
  return {
    bookingId: BOOKING_ID,
    name: 'Ada Lovelace',
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

/** The VEVENT's and VCALENDAR's properties of an .ics, by name (first occurrence). */
function ics(job: SendEmailJob) {
  const lines = icsLines(job.attachments[0]!.content);
  const prop = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
  return { lines, uid: prop('UID'), sequence: prop('SEQUENCE'), method: prop('METHOD'), status: prop('STATUS'), dtstart: prop('DTSTART'), dtstamp: prop('DTSTAMP') };
}

describe('booking status mails (rendering)', () => {
  const request = renderBookingConfirmationMail({ id: 'e0', data: requested() }, OPTIONS);
  const confirmed = renderBookingStatusMail({ id: 'e1', kind: 'confirmed', sequence: 1, at: '2026-11-21T10:00:00.000Z' }, requested(), OPTIONS);
  const cancelled = renderBookingStatusMail({ id: 'e2', kind: 'cancelled', sequence: 2, at: '2026-11-22T10:00:00.000Z' }, requested(), OPTIONS);

  it('the request is a tentative invitation at SEQUENCE 0', () => {
    expect(ics(request)).toMatchObject({ uid: BOOKING_ID, sequence: '0', method: 'REQUEST', status: 'TENTATIVE' });
  });

  it('a confirmation re-issues the same invitation as confirmed, at a higher SEQUENCE', () => {
    expect(sendEmailJobSchema.parse(confirmed)).toEqual(confirmed);
    expect(confirmed).toMatchObject({ to: 'ada@example.org', causationEventId: 'e1', subject: `Your meeting is confirmed: Product Demo (booking ${BOOKING_ID})` });
    expect(confirmed.text).toContain('your meeting is confirmed');
    expect(confirmed.text).toContain('Time: 10:00 (Europe/Paris)');
    expect(confirmed.attachments[0]).toMatchObject({ filename: `booking-${BOOKING_ID}.ics`, contentType: 'text/calendar; method=REQUEST' });
    const parsed = ics(confirmed);
    expect(parsed).toMatchObject({ uid: BOOKING_ID, sequence: '1', method: 'REQUEST', status: 'CONFIRMED', dtstart: '20261201T090000Z', dtstamp: '20261121T100000Z' });
    expect(Number(parsed.sequence)).toBeGreaterThan(Number(ics(request).sequence));
  });

  it('a cancellation withdraws it: METHOD:CANCEL, STATUS:CANCELLED, same UID, higher SEQUENCE', () => {
    expect(sendEmailJobSchema.parse(cancelled)).toEqual(cancelled);
    expect(cancelled.subject).toBe(`Your meeting is cancelled: Product Demo (booking ${BOOKING_ID})`);
    expect(cancelled.text).toContain('Your meeting has been cancelled');
    expect(cancelled.attachments[0]!.contentType).toBe('text/calendar; method=CANCEL');
    const parsed = ics(cancelled);
    expect(parsed).toMatchObject({ uid: BOOKING_ID, sequence: '2', method: 'CANCEL', status: 'CANCELLED', dtstart: '20261201T090000Z' });
    expect(Number(parsed.sequence)).toBeGreaterThan(Number(ics(confirmed).sequence));
  });

  it('writes them in the visitor language (French, Arabic)', () => {
    const fr = renderBookingStatusMail({ id: 'e1', kind: 'confirmed', sequence: 1, at: '2026-11-21T10:00:00.000Z' }, requested({ locale: 'fr' }), OPTIONS);
    expect(fr.subject).toMatch(/^Votre rendez-vous est confirmé : .+ \(réservation /);
    expect(fr.text).toContain('votre rendez-vous est confirmé');
    const ar = renderBookingStatusMail({ id: 'e2', kind: 'cancelled', sequence: 1, at: '2026-11-21T10:00:00.000Z' }, requested({ locale: 'ar' }), OPTIONS);
    expect(ar.subject).toContain('تم إلغاء اجتماعك');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ics(ar)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: BOOKING_ID });
  });

  it("shows the slot in the visitor's own zone when the dialog sent it, and the business's time beside it", () => {
    // 10:00 in Paris (the business-zone slot) = 04:00 in New York.
    const job = renderBookingStatusMail({ id: 'e1', kind: 'confirmed', sequence: 1, at: '2026-11-21T10:00:00.000Z' }, requested({ visitorTimeZone: 'America/New_York' }), OPTIONS);
    expect(job.text).toContain('Time: 04:00 (America/New_York)');
    expect(job.text).toContain('Our local time: Tuesday, 1 December 2026, 10:00 (Europe/Paris)');
  });

  it('is pure', () => {
    expect(renderBookingStatusMail({ id: 'e1', kind: 'confirmed', sequence: 1, at: '2026-11-21T10:00:00.000Z' }, requested(), OPTIONS)).toEqual(confirmed);
  });
});

describe('booking mail reactor', () => {
  const recorded = (type: string, data: object, streamVersion: number, id: string): RecordedEvent => ({
    id,
    type,
    schemaVersion: 1,
    data,
    metadata: { correlationId: 'test' },
    streamId: bookingStreamId(BOOKING_ID),
    streamVersion,
    checkpoint: String(streamVersion),
    timestamp: new Date('2026-11-20T08:00:00.000Z'),
  });
  const stream = [
    recorded('BookingRequested', requested(), 0, 'ev-requested'),
    recorded('BookingConfirmed', { bookingId: BOOKING_ID, confirmedAt: '2026-11-21T10:00:00.000Z', confirmedBy: null }, 1, 'ev-confirmed'),
    recorded('BookingCompleted', { bookingId: BOOKING_ID, completedAt: '2026-11-21T11:00:00.000Z', completedBy: null }, 2, 'ev-completed'),
    recorded('BookingCancelled', { bookingId: BOOKING_ID, cancelledAt: '2026-11-22T10:00:00.000Z', cancelledBy: null, reason: null }, 2, 'ev-cancelled'),
  ];

  function setup(now: string) {
    /** Job ids as the queue kept them (a known id is ignored), and each mail by its causing event. */
    const jobs: string[] = [];
    const mails = new Map<string, SendEmailJob>();
    const mailQueue = {
      add: async (name: string, data: SendEmailJob | { mails: SendEmailJob[] }, opts: { jobId: string }) => {
        if (jobs.includes(opts.jobId)) return { id: opts.jobId };
        jobs.push(opts.jobId);
        for (const mail of name === SEND_EMAIL_BATCH_JOB ? (data as { mails: SendEmailJob[] }).mails : [data as SendEmailJob]) mails.set(mail.causationEventId, mail);
        return { id: opts.jobId };
      },
    } as unknown as AppQueue<SendEmailJob>;
    const reads: string[] = [];
    const store = {
      readStream: async (id: string) => {
        reads.push(id);
        return stream;
      },
    };
    const reactor = bookingConfirmationReactor({ mailQueue, mail: OPTIONS, log: silentLogger, store, now: () => new Date(now) });
    return { jobs, mails, reads, reactor };
  }

  it('mails the request, the confirmation and the cancellation once each (job id from the event id), not the completion', async () => {
    const { jobs, mails, reads, reactor } = setup('2026-11-20T09:00:00.000Z');
    await reactor.handle(stream);
    await reactor.handle(stream); // a replay enqueues nothing new
    expect(jobs).toEqual([mailBatchJobId(['ev-requested', 'ev-cancelled'])]);
    expect([...mails.keys()]).toEqual(['ev-requested', 'ev-confirmed', 'ev-cancelled']);
    expect(reads.every((id) => id === bookingStreamId(BOOKING_ID))).toBe(true);
    const byId = (id: string) => ics(mails.get(id)!);
    expect(byId('ev-requested')).toMatchObject({ uid: BOOKING_ID, sequence: '0', method: 'REQUEST', status: 'TENTATIVE' });
    expect(byId('ev-confirmed')).toMatchObject({ uid: BOOKING_ID, sequence: '1', method: 'REQUEST', status: 'CONFIRMED' });
    expect(byId('ev-cancelled')).toMatchObject({ uid: BOOKING_ID, sequence: '2', method: 'CANCEL', status: 'CANCELLED' });
    expect(mails.get('ev-confirmed')!.to).toBe('ada@example.org');
  });

  it('mails nothing about a meeting that has already started (replayed history)', async () => {
    const { jobs, reactor } = setup('2026-12-01T09:00:00.000Z');
    await reactor.handle(stream);
    expect(jobs).toEqual([]);
  });
});
