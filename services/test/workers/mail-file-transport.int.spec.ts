/** Without SMTP_URL, each mail becomes one `.eml` file under the mail directory (named by time and job id). */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import {
  type QueueFactory,
  type WorkerLogger,
  createMailTransport,
  createQueueFactory,
  enqueueMail,
  enqueueMails,
  mailJobId,
  renderBookingConfirmationMail,
  startWorkers,
} from '@crm/workers';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { waitFor, testSecrets } from './support/helpers.ts';
import { icsLines, leafParts, parseMime, partFilename } from './support/mime.ts';

describe('mail without SMTP_URL', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let queues: QueueFactory;
  let mailDir: string;

  beforeAll(async () => {
    db = await createTestDatabase('external');
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => {}); // the database is dropped WITH (FORCE) at the end
    queues = createQueueFactory({ redisUrl: null, databaseUrl: db.url, poolSize: 2 });
    mailDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'crm-eml-')), 'mail');
  });

  afterAll(async () => {
    await queues?.close();
    await pool?.end();
    await db?.drop();
    if (mailDir) await rm(path.dirname(mailDir), { recursive: true, force: true });
  });

  it('writes one .eml file per message under mailDir and logs its path', async () => {
    const logged: Record<string, unknown>[] = [];
    const log: WorkerLogger = { info: (o) => logged.push(o), warn: () => {}, error: () => {} };
    const transport = createMailTransport({ smtpUrl: null, mailDir, from: 'CRM <no-reply@crm.test>', log });
    expect(transport.kind).toBe('file');
    const workers = await startWorkers({ queues, pool, transport, log, secrets: testSecrets() });

    const eventId = randomUUID();
    const bookingId = randomUUID();
    const job: SendEmailJob = renderBookingConfirmationMail(
      {
        id: eventId,
        data: {
          bookingId,
          name: 'Alan Turing',
          email: 'alan@visitor.test',
          company: null,
          phone: null,
          meetingType: 'technical',
          preferredDate: '2027-03-02',
          preferredTime: '14:00',
          timeZone: 'Europe/London',
          startsAt: '2027-03-02T14:00:00.000Z',
          durationMinutes: 30,
          message: null,
          requestedAt: '2027-02-01T10:00:00.000Z',
          locale: 'en',
        },
      },
      { from: 'CRM <no-reply@crm.test>', businessTimeZone: 'Europe/Paris' },
    );
    await enqueueMail(queues.queue<SendEmailJob>(MAIL_QUEUE), job);

    const files = await waitFor(
      async () => {
        const names = await readdir(mailDir).catch(() => [] as string[]);
        return names.length > 0 ? names : null;
      },
      { what: 'an .eml file' },
    );
    await workers.stop();
    expect(files).toHaveLength(1);
    const file = files[0]!;
    expect(file).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z_${mailJobId(eventId)}\\.eml$`));
    expect(logged.some((o) => o.path === path.join(mailDir, file))).toBe(true);

    const mime = parseMime(await readFile(path.join(mailDir, file), 'utf8'));
    expect(mime.headers.get('to')).toBe('alan@visitor.test');
    expect(mime.headers.get('subject')).toContain(bookingId);
    const ics = leafParts(mime).find((p) => partFilename(p) === `booking-${bookingId}.ics`)!;
    expect(icsLines(ics.body.toString('utf8'))).toContain('DTSTART:20270302T140000Z');
  });

  it('logs a batch job once, not once per mail, and no recipient address', async () => {
    const logged: Record<string, unknown>[] = [];
    const log: WorkerLogger = { info: (o) => logged.push(o), warn: () => {}, error: () => {} };
    const dir = path.join(path.dirname(mailDir), 'batch');
    const transport = createMailTransport({ smtpUrl: null, mailDir: dir, from: 'CRM <no-reply@crm.test>', log });
    const workers = await startWorkers({ queues, pool, transport, log, secrets: testSecrets() });
    const mails: SendEmailJob[] = [1, 2, 3].map((n) => ({
      to: `visitor-${n}@visitor.test`,
      subject: `Mail ${n}`,
      text: `Hello ${n}`,
      html: `<p>Hello ${n}</p>`,
      attachments: [],
      causationEventId: randomUUID(),
    }));
    await enqueueMails(queues.queue<SendEmailJob>(MAIL_QUEUE), mails);
    await waitFor(async () => ((await readdir(dir).catch(() => [] as string[])).length === 3 ? true : null), { what: 'three .eml files' });
    await waitFor(async () => (logged.some((o) => o.sent === 3) ? true : null), { what: 'the batch log line' });
    await workers.stop();
    const mailLines = logged.filter((o) => 'sent' in o || 'messageId' in o || 'path' in o);
    expect(mailLines).toHaveLength(1);
    expect(mailLines[0]).toMatchObject({ sent: 3, alreadySent: 0, transport: 'file' });
    expect(JSON.stringify(logged)).not.toContain('@visitor.test');
  });

  it('makes the mail directory once, and again when it has been removed since', async () => {
    const dir = path.join(path.dirname(mailDir), 'made-once');
    const transport = createMailTransport({ smtpUrl: null, mailDir: dir, from: 'CRM <no-reply@crm.test>', log: { info() {}, warn() {}, error() {} } });
    const send = (n: number) => transport.send({ to: `v${n}@visitor.test`, subject: `s${n}`, text: 't', jobId: `job-${n}` });
    await Promise.all([send(1), send(2)]);
    expect(await readdir(dir)).toHaveLength(2);
    await rm(dir, { recursive: true });
    const third = await send(3);
    expect(await readdir(dir)).toEqual([path.basename(third.path!)]);
    expect(parseMime(await readFile(third.path!, 'utf8')).headers.get('to')).toBe('v3@visitor.test');
  });
});
