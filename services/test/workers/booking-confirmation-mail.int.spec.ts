/**
 * End to end: a BookingRequested event in a real Postgres event store → the reactor enqueues (Postgres-backed
 * BullMQ) → the worker sends through a real SMTP server → exactly one message, also after replays.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE, type NewEvent, type SendEmailJob, bookingStreamId } from '@crm/contracts';
import {
  BOOKING_CONFIRMATION_REACTOR,
  type MailTransport,
  type QueueFactory,
  type RunningReactors,
  type RunningWorkers,
  SEND_EMAIL_BATCH_JOB,
  createMailTransport,
  createQueueFactory,
  enqueueMail,
  loadReactorCheckpoint,
  mailBatchJobId,
  mailJobId,
  resetReactorCheckpoint,
  silentLogger,
  startReactors,
  startWorkers,
} from '@crm/workers';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.ts';
import { PG_SETUPS, type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { sleep, waitFor, testSecrets } from './support/helpers.ts';
import { icsLines, leafParts, parseMime, partFilename } from './support/mime.ts';
import { type TestSmtpServer, startTestSmtpServer } from './support/smtp.ts';

const FROM = 'CRM Platform <no-reply@crm.test>';
// Always in the future: 1 December next year, 10:00 in Paris (CET, UTC+1) = 09:00 UTC.
const YEAR = new Date().getUTCFullYear() + 1;

function bookingRequested(bookingId: string, eventId: string): NewEvent {
  return {
    id: eventId,
    type: 'BookingRequested',
    schemaVersion: 1,
    data: {
      bookingId,
      name: 'Grace Hopper',
      email: 'grace@visitor.test',
      company: 'Navy',
      phone: null,
      meetingType: 'consultation',
      preferredDate: `${YEAR}-12-01`,
      preferredTime: '10:00',
      timeZone: 'Europe/Paris',
      startsAt: `${YEAR}-12-01T09:00:00.000Z`,
      durationMinutes: 30,
      message: null,
      requestedAt: new Date().toISOString(),
    },
    metadata: { correlationId: randomUUID() },
  };
}

describe.each(PG_SETUPS)('booking confirmation mail end to end (%s PostgreSQL)', (setup) => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let smtp: TestSmtpServer;
  let queues: QueueFactory;
  let transport: MailTransport;
  let workers: RunningWorkers;
  let reactors: RunningReactors | null = null;
  let mailDir: string;

  const start = () =>
    startReactors({
      pool,
      store,
      queues,
      config: { mailFrom: FROM, businessTimeZone: 'Europe/Paris' },
      log: silentLogger,
      runner: { lockRetryMs: 100, retryDelayMs: 100 },
    });

  beforeAll(async () => {
    db = await createTestDatabase(setup);
    pool = new pg.Pool({ connectionString: db.url, max: 8 });
    pool.on('error', () => {}); // the database is dropped WITH (FORCE) at the end
    await PostgresEventStore.migrate(pool);
    store = new PostgresEventStore(pool, db.url, { pollIntervalMs: 100 });
    smtp = await startTestSmtpServer();
    mailDir = await mkdtemp(path.join(os.tmpdir(), 'crm-mail-'));
    queues = createQueueFactory({ redisUrl: null, databaseUrl: db.url, poolSize: 2 });
    transport = createMailTransport({ smtpUrl: smtp.url, mailDir, from: FROM, log: silentLogger });
    workers = await startWorkers({ queues, pool, transport, log: silentLogger, secrets: testSecrets() });
  });

  afterAll(async () => {
    await reactors?.stop();
    await workers?.stop();
    await queues?.close();
    await transport?.close();
    await store?.close();
    await pool?.end();
    await smtp?.close();
    await db?.drop();
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  it('sends exactly one mail with the invitation, and a replay sends nothing more', async () => {
    const bookingId = randomUUID();
    const eventId = randomUUID();
    reactors = await start();
    await store.append(bookingStreamId(bookingId), [bookingRequested(bookingId, eventId)], { expectedVersion: 'no_stream' });

    await waitFor(() => smtp.messages.length >= 1, { what: 'the confirmation mail' });
    await sleep(500);
    expect(smtp.messages).toHaveLength(1);
    const received = smtp.messages[0]!;
    expect(received.to).toEqual(['grace@visitor.test']);
    expect(received.from).toBe('no-reply@crm.test');
    expect(received.raw).toContain(bookingId);

    const mime = parseMime(received.raw);
    expect(mime.headers.get('message-id')).toBe(`<${eventId}@crm.test>`);
    expect(mime.headers.get('subject')).toContain(bookingId);
    const parts = leafParts(mime);
    const text = parts.find((p) => p.contentType === 'text/plain' && !p.disposition)!;
    expect(text.body.toString('utf8')).toContain(`Booking ID: ${bookingId}`);
    expect(text.body.toString('utf8')).toContain('Meeting type: Free Consultation');
    expect(text.body.toString('utf8')).toContain('Time: 10:00 (Europe/Paris)');
    const ics = parts.find((p) => partFilename(p) === `booking-${bookingId}.ics`);
    expect(ics, 'the .ics attachment').toBeDefined();
    expect(ics!.contentType).toBe('text/calendar');
    expect(ics!.params.method).toBe('REQUEST');
    const lines = icsLines(ics!.body.toString('utf8'));
    expect(lines).toContain(`DTSTART:${YEAR}1201T090000Z`);
    expect(lines).toContain(`DTEND:${YEAR}1201T093000Z`);
    expect(lines).toContain(`UID:${bookingId}`);
    expect(lines).toContain('METHOD:REQUEST');

    // The checkpoint was saved after the batch.
    const head = await store.headCheckpoint();
    await waitFor(async () => (await loadReactorCheckpoint(pool, BOOKING_CONFIRMATION_REACTOR)) === head, {
      what: 'the reactor checkpoint',
    });

    // Replay 1: empty checkpoint, the finished job is still kept → the queue ignores the re-enqueue.
    await reactors.stop();
    await resetReactorCheckpoint(pool, BOOKING_CONFIRMATION_REACTOR);
    expect(await loadReactorCheckpoint(pool, BOOKING_CONFIRMATION_REACTOR)).toBeNull();
    reactors = await start();
    await waitFor(async () => (await loadReactorCheckpoint(pool, BOOKING_CONFIRMATION_REACTOR)) === head, {
      what: 'the replay to catch up',
    });
    await sleep(700);
    expect(smtp.messages).toHaveLength(1);

    // Replay 2: the job itself is gone (as after the 7-day retention) → re-enqueued and run, but mail_sent skips it.
    await reactors.stop();
    const mailQueue = queues.queue<SendEmailJob>(MAIL_QUEUE);
    await (await mailQueue.getJob(mailJobId(eventId)))!.remove();
    expect(await mailQueue.getJob(mailJobId(eventId))).toBeUndefined();
    await resetReactorCheckpoint(pool, BOOKING_CONFIRMATION_REACTOR);
    reactors = await start();
    const rerun = await waitFor(
      async () => {
        const job = await mailQueue.getJob(mailJobId(eventId));
        return job?.finishedOn ? job : null;
      },
      { what: 'the re-enqueued job to finish' },
    );
    expect(rerun.returnvalue).toEqual({ status: 'already-sent' });
    await sleep(300);
    expect(smtp.messages).toHaveLength(1);
    const { rows } = await pool.query('SELECT causation_event_id, message_id FROM mail_sent');
    expect(rows).toEqual([{ causation_event_id: eventId, message_id: `<${eventId}@crm.test>` }]);
  });

  it('runs a reactor on one instance at a time', async () => {
    await reactors?.stop();
    const a = await start();
    await waitFor(() => a.reactors[0]!.isLeader(), { what: 'the first instance to lead' });
    const b = await start();
    await sleep(400);
    expect(b.reactors[0]!.isLeader()).toBe(false);
    await a.stop();
    await waitFor(() => b.reactors[0]!.isLeader(), { what: 'the standby to take over' });
    reactors = b;
  });

  it("enqueues a reactor batch's mails as one send-email-batch job, each mail sent once", async () => {
    await reactors?.stop();
    const before = smtp.messages.length;
    const bookings = Array.from({ length: 3 }, () => ({ bookingId: randomUUID(), eventId: randomUUID() }));
    for (const b of bookings) await store.append(bookingStreamId(b.bookingId), [bookingRequested(b.bookingId, b.eventId)], { expectedVersion: 'no_stream' });
    reactors = await start(); // the three events arrive in one batch

    await waitFor(() => smtp.messages.length >= before + 3, { what: 'the three mails' });
    await sleep(500);
    expect(smtp.messages).toHaveLength(before + 3);
    for (const b of bookings) expect(smtp.messages.filter((m) => m.raw.includes(`<${b.eventId}@crm.test>`))).toHaveLength(1);
    const mailQueue = queues.queue<SendEmailJob>(MAIL_QUEUE);
    const batches = (await mailQueue.getJobs(['completed'])).filter((j) => j.name === SEND_EMAIL_BATCH_JOB);
    expect(batches).toHaveLength(1);
    const ids = (batches[0]!.data as unknown as { mails: SendEmailJob[] }).mails.map((m) => m.causationEventId);
    expect([...ids].sort()).toEqual(bookings.map((b) => b.eventId).sort());
    expect(batches[0]!.id).toBe(mailBatchJobId(ids));
    expect(batches[0]!.returnvalue).toEqual({ status: 'batch', sent: 3, alreadySent: 0 });
  });

  it('stop() waits for the active job to finish and loses none', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    let started = 0;
    const slow: MailTransport = {
      kind: 'smtp',
      from: FROM,
      async send(mail) {
        started += 1;
        await gate;
        sent.push(mail.to);
        return { messageId: `<${randomUUID()}@crm.test>` };
      },
      async close() {},
    };
    // A separate queue factory and worker set, so the suite's own worker cannot take these jobs.
    const own = createQueueFactory({ redisUrl: null, databaseUrl: db.url, schema: 'bullmq_drain', poolSize: 2 });
    const w = await startWorkers({ queues: own, pool, transport: slow, log: silentLogger, secrets: testSecrets(), mailWorker: { concurrency: 1 } });
    const q = own.queue<SendEmailJob>(MAIL_QUEUE);
    const job = (to: string): SendEmailJob => ({ to, subject: 's', text: 't', attachments: [], causationEventId: randomUUID() });
    const first = await enqueueMail(q, job('first@visitor.test'));
    await waitFor(() => started === 1, { what: 'the first job to start' });
    const second = await enqueueMail(q, job('second@visitor.test'));

    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await sleep(300);
    expect(stopped).toBe(false); // still waiting for the active job
    release();
    await stopping;
    expect(sent).toEqual(['first@visitor.test']);
    expect(await (await q.getJob(first.id!))!.getState()).toBe('completed');
    // The job not yet started is still queued, not lost: a new worker sends it.
    expect(await (await q.getJob(second.id!))!.getState()).toBe('waiting');
    const w2 = await startWorkers({ queues: own, pool, transport: slow, log: silentLogger, secrets: testSecrets() });
    await waitFor(() => sent.length === 2, { what: 'the second job on a new worker' });
    expect(sent).toEqual(['first@visitor.test', 'second@visitor.test']);
    await w2.stop();
    await own.close();
  });
});
