/**
 * The `send-email-batch` job end to end: real Postgres, Postgres-backed BullMQ, a real SMTP server. A batch whose
 * 2nd mail fails records the 1st, and its retry sends only the rest; a replayed batch sends nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import {
  type MailTransport,
  type QueueFactory,
  type RunningWorkers,
  SEND_EMAIL_BATCH_JOB,
  createMailTransport,
  createQueueFactory,
  enqueueMails,
  mailBatchJobId,
  silentLogger,
  startWorkers,
} from '@crm/workers';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { sleep, waitFor, testSecrets } from './support/helpers.ts';
import { type TestSmtpServer, startTestSmtpServer } from './support/smtp.ts';

const FROM = 'CRM Platform <no-reply@crm.test>';
const RETRY_FAST = { backoff: { type: 'fixed', delay: 100 } } as const;

const mail = (to: string): SendEmailJob => ({ to, subject: `hello ${to}`, text: 't', attachments: [], causationEventId: randomUUID() });

describe('send-email-batch job (external PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let smtp: TestSmtpServer;
  let queues: QueueFactory;
  let smtpTransport: MailTransport;
  let workers: RunningWorkers;
  let mailDir: string;
  /** Recipients whose next send fails (once each). */
  const failNext = new Set<string>();

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => {}); // the database is dropped WITH (FORCE) at the end
    smtp = await startTestSmtpServer();
    mailDir = await mkdtemp(path.join(os.tmpdir(), 'crm-mail-'));
    smtpTransport = createMailTransport({ smtpUrl: smtp.url, mailDir, from: FROM, log: silentLogger });
    const flaky: MailTransport = {
      kind: 'smtp',
      from: FROM,
      async send(m) {
        if (failNext.delete(m.to)) throw new Error(`relay refused ${m.to}`);
        return smtpTransport.send(m);
      },
      close: () => smtpTransport.close(),
    };
    queues = createQueueFactory({ redisUrl: null, databaseUrl: db.url, poolSize: 2 });
    workers = await startWorkers({ queues, pool, transport: flaky, log: silentLogger, secrets: testSecrets(), mailWorker: { concurrency: 1 } });
  });

  afterAll(async () => {
    await workers?.stop();
    await queues?.close();
    await smtpTransport?.close();
    await pool?.end();
    await smtp?.close();
    await db?.drop();
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  const finished = (jobId: string) =>
    waitFor(
      async () => {
        const job = await queues.queue(MAIL_QUEUE).getJob(jobId);
        return job?.finishedOn ? job : null;
      },
      { what: `job ${jobId} to finish` },
    );
  const received = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).length;

  it('a batch whose 2nd mail fails records the others (sent concurrently); the retry sends only the failed one, each mail once', async () => {
    const mails = [mail('a@visitor.test'), mail('b@visitor.test'), mail('c@visitor.test')];
    failNext.add('b@visitor.test');
    const q = queues.queue<SendEmailJob>(MAIL_QUEUE);
    await enqueueMails(q, mails, RETRY_FAST);
    const jobId = mailBatchJobId(mails.map((m) => m.causationEventId));
    expect(jobId).toBe(`mails-${mails[0]!.causationEventId}-${mails[2]!.causationEventId}`);

    const job = await finished(jobId);
    expect(job.name).toBe(SEND_EMAIL_BATCH_JOB);
    expect(await job.getState()).toBe('completed');
    expect(job.attemptsMade).toBe(2);
    // The batch's three sends start together: a and c go out and are recorded, b fails; the retry sends b alone.
    expect(job.returnvalue).toEqual({ status: 'batch', sent: 1, alreadySent: 2 });
    expect(smtp.messages).toHaveLength(3);
    for (const m of mails) expect(received(m.to)).toBe(1);
    const { rows } = await pool.query<{ id: string }>('SELECT causation_event_id AS id FROM mail_sent ORDER BY sent_at, causation_event_id');
    expect(rows.map((r) => r.id).sort()).toEqual(mails.map((m) => m.causationEventId).sort());

    // Replayed as is: the finished job's id deduplicates; nothing runs.
    await enqueueMails(q, mails, RETRY_FAST);
    await sleep(500);
    expect(smtp.messages).toHaveLength(3);

    // Replayed after the job is gone (retention), and regrouped with a new mail: only the new one goes out.
    await (await q.getJob(jobId))!.remove();
    await enqueueMails(q, mails, RETRY_FAST);
    expect((await finished(jobId)).returnvalue).toEqual({ status: 'batch', sent: 0, alreadySent: 3 });
    const d = mail('d@visitor.test');
    const regrouped = [mails[1]!, mails[2]!, d];
    await enqueueMails(q, regrouped, RETRY_FAST);
    expect((await finished(mailBatchJobId(regrouped.map((m) => m.causationEventId)))).returnvalue).toEqual({
      status: 'batch',
      sent: 1,
      alreadySent: 2,
    });
    await sleep(300);
    expect(smtp.messages).toHaveLength(4);
    for (const m of [...mails, d]) expect(received(m.to)).toBe(1);
    const sent = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_sent');
    expect(sent.rows[0]!.n).toBe(4);
  });

  it('two overlapping batches at once send each mail once', async () => {
    const own = createQueueFactory({ redisUrl: null, databaseUrl: db.url, schema: 'bullmq_batch_race', poolSize: 2 });
    const more = await startWorkers({ queues: own, pool, transport: smtpTransport, log: silentLogger, secrets: testSecrets(), mailWorker: { concurrency: 4 } });
    const mails = Array.from({ length: 6 }, (_, i) => mail(`race-${i}@visitor.test`));
    const before = smtp.messages.length;
    // The same mails, grouped differently, on two queues (two workers): the advisory locks serialise them.
    await Promise.all([enqueueMails(queues.queue(MAIL_QUEUE), mails), enqueueMails(own.queue(MAIL_QUEUE), [...mails].reverse())]);
    await finished(mailBatchJobId(mails.map((m) => m.causationEventId)));
    await waitFor(async () => (await own.queue(MAIL_QUEUE).getJob(mailBatchJobId([...mails].reverse().map((m) => m.causationEventId))))?.finishedOn, {
      what: 'the reversed batch to finish',
    });
    await sleep(300);
    expect(smtp.messages.length - before).toBe(6);
    for (const m of mails) expect(received(m.to)).toBe(1);
    await more.stop();
    await own.close();
  });
});
