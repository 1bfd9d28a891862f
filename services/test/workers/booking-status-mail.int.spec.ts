/**
 * Booking mails end to end through a running app (api, reactors, workers on one PostgreSQL) and a real SMTP
 * server: a visitor books (REST), an admin confirms then cancels (REST); the visitor receives the request, the
 * confirmation (same UID, higher SEQUENCE, METHOD:REQUEST, STATUS:CONFIRMED) and the cancellation
 * (METHOD:CANCEL, STATUS:CANCELLED), each once, with the job id of its event.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStreamId } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { loginToken, rest } from '../../../test-support/http.ts';
import { sleep, waitFor } from './support/helpers.ts';
import { icsLines, leafParts, parseMime, partFilename } from './support/mime.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './support/smtp.ts';

let smtp: TestSmtpServer;
let app: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await smtp?.close();
}, 60_000);

/** The first Monday … Friday at least `n` days from now on the business zone's (Europe/Paris) calendar. */
function businessDayIn(n: number): string {
  for (let i = n; ; i++) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + i * 86400_000));
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return date;
  }
}

function readMail(mail: ReceivedMail) {
  const root = parseMime(mail.raw);
  const leaves = leafParts(root);
  const ics = leaves.find((p) => partFilename(p)?.endsWith('.ics'));
  const lines = ics ? icsLines(ics.body.toString('utf8')) : [];
  const prop = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
  return {
    subject: root.headers.get('subject') ?? '',
    messageId: root.headers.get('message-id') ?? '',
    text: leaves.find((p) => p.contentType === 'text/plain' && !p.disposition)?.body.toString('utf8') ?? '',
    icsMethodParam: ics?.params.method,
    ics: { uid: prop('UID'), sequence: Number(prop('SEQUENCE')), method: prop('METHOD'), status: prop('STATUS'), dtstart: prop('DTSTART') },
  };
}
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).map(readMail);
const waitForMails = (address: string, count: number) =>
  // The first mail waits for the app's reactors and workers to settle on a busy shared PostgreSQL.
  waitFor(() => (mailsTo(address).length >= count ? mailsTo(address) : null), { what: `${count} mail(s) to ${address}`, timeoutMs: 45_000 });

async function book(email: string, locale = 'en') {
  const res = await rest(app, '/api/bookings', {
    method: 'POST',
    json: { name: 'Grace Hopper', email, meetingType: 'consultation', preferredDate: businessDayIn(7), preferredTime: '10:00', visitorTimeZone: 'America/New_York', locale },
  });
  expect(res.status).toBe(201);
  return res.body.booking as { id: string; startsAt: string };
}

const eventIds = async (bookingId: string) =>
  (await app.platform.pool.query<{ id: string; type: string }>('SELECT event_id::text AS id, type FROM es_events WHERE stream_id = $1 ORDER BY stream_version', [bookingStreamId(bookingId)])).rows;

describe('booking confirmation and cancellation mails', () => {
  it('mails the confirmation and then the cancellation, re-issuing the same invitation', { timeout: 120_000 }, async () => {
    const email = `grace.${randomUUID().slice(0, 8)}@visitor.test`;
    const booking = await book(email);
    const [requested] = await waitForMails(email, 1);
    expect(requested!.ics).toMatchObject({ uid: booking.id, sequence: 0, method: 'REQUEST', status: 'TENTATIVE' });
    const dtstart = booking.startsAt.replace(/[-:]/g, '').replace('.000', '');
    expect(requested!.ics.dtstart).toBe(dtstart);

    const token = await loginToken(app, app.admin);
    const confirm = await rest(app, '/api/admin/bookings', { method: 'PUT', token, json: { id: booking.id, status: 'confirmed' } });
    expect(confirm.status).toBe(200);
    const [, confirmed] = await waitForMails(email, 2);
    expect(confirmed!.subject).toBe(`Your meeting is confirmed: Free Consultation (booking ${booking.id})`);
    expect(confirmed!.text).toContain('Good news: your meeting is confirmed.');
    expect(confirmed!.text).toContain('(America/New_York)');
    expect(confirmed!.icsMethodParam).toBe('REQUEST');
    expect(confirmed!.ics).toMatchObject({ uid: booking.id, method: 'REQUEST', status: 'CONFIRMED', dtstart });
    expect(confirmed!.ics.sequence).toBeGreaterThan(requested!.ics.sequence);

    const cancel = await rest(app, '/api/admin/bookings', { method: 'PUT', token, json: { id: booking.id, status: 'cancelled' } });
    expect(cancel.status).toBe(200);
    const [, , cancelled] = await waitForMails(email, 3);
    expect(cancelled!.subject).toBe(`Your meeting is cancelled: Free Consultation (booking ${booking.id})`);
    expect(cancelled!.icsMethodParam).toBe('CANCEL');
    expect(cancelled!.ics).toMatchObject({ uid: booking.id, method: 'CANCEL', status: 'CANCELLED', dtstart });
    expect(cancelled!.ics.sequence).toBeGreaterThan(confirmed!.ics.sequence);

    // One mail per event, its Message-ID derived from the event id.
    const events = await eventIds(booking.id);
    expect(events.map((e) => e.type)).toEqual(['BookingRequested', 'BookingConfirmed', 'BookingCancelled']);
    expect(mailsTo(email).map((m) => m.messageId.replace(/^<|@.*$/g, ''))).toEqual(events.map((e) => e.id));
    await sleep(500);
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('cancels a pending booking in the visitor language, and mails nothing when it is completed', { timeout: 120_000 }, async () => {
    const email = `layla.${randomUUID().slice(0, 8)}@visitor.test`;
    const booking = await book(email, 'fr');
    await waitForMails(email, 1);
    const token = await loginToken(app, app.admin);
    expect((await rest(app, '/api/admin/bookings', { method: 'PUT', token, json: { id: booking.id, status: 'cancelled' } })).status).toBe(200);
    const [, cancelled] = await waitForMails(email, 2);
    expect(cancelled!.text).toContain('Votre rendez-vous a été annulé');
    expect(cancelled!.ics).toMatchObject({ uid: booking.id, sequence: 1, method: 'CANCEL', status: 'CANCELLED' });

    const other = `ada.${randomUUID().slice(0, 8)}@visitor.test`;
    const second = await book(other);
    await waitForMails(other, 1);
    expect((await rest(app, '/api/admin/bookings', { method: 'PUT', token, json: { id: second.id, status: 'confirmed' } })).status).toBe(200);
    await waitForMails(other, 2);
    expect((await rest(app, '/api/admin/bookings', { method: 'PUT', token, json: { id: second.id, status: 'completed' } })).status).toBe(200);
    await sleep(1000);
    expect(mailsTo(other)).toHaveLength(2);
  });
});
