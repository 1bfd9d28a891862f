/**
 * The MAIL_QUEUE jobs: `send-email` sends one rendered e-mail, `send-email-batch` several (a reactor's batch).
 *
 * Exactly-once as far as we can get it:
 * 1. the job id is `mail-<causation event id>`, so enqueuing again (a replay, a retried reactor batch) is a no-op
 *    while the finished job is kept (7 days, MAIL_JOB_RETENTION);
 * 2. `mail_sent` records every causation event whose mail went out, so even a job re-enqueued after BullMQ removed
 *    the old one is skipped. The row is written in the transaction that holds a per-event advisory lock around
 *    the send, so two workers never send the same mail concurrently.
 * The one remaining window (the SMTP server accepted the mail, then the commit failed) makes it at-least-once.
 *
 * A batch job (id `mails-<first causation id>-<last>`) does the same for all its mails in ONE transaction: the
 * advisory locks of every causation id (in lock-key order, so two batches never deadlock), the ones already in
 * mail_sent skipped, the others sent up to MAIL_BATCH_SEND_CONCURRENCY at a time; if a send fails, no further one
 * starts, the ones sent are still recorded (committed) and the job throws, so its retry sends only the rest.
 */
import { type Job, type JobsOptions, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import {
  MAIL_QUEUE,
  MAX_MAILS_PER_BATCH,
  type SendEmailBatchJob,
  type SendEmailJob,
  sendEmailBatchJobSchema,
  sendEmailJobSchema,
} from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import type { MailTransport } from './mail-transport.ts';
import { forEachConcurrently } from '../platform/concurrently.ts';

export { MAIL_QUEUE };

/** Job name used inside MAIL_QUEUE. */
export const SEND_EMAIL_JOB = 'send-email';
/** Job name of several mails sent (and recorded) together. */
export const SEND_EMAIL_BATCH_JOB = 'send-email-batch';

const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000;

/** Most mails of one batch job in flight at once (SMTP: the pool's connections, SMTP_MAX_CONNECTIONS by default, take them in turn). */
export const MAIL_BATCH_SEND_CONCURRENCY = 8;

/**
 * How long MAIL_QUEUE keeps finished jobs (so their id keeps deduplicating): removed by the mail worker's
 * clean-up timer (queue/finished-job-cleaner.ts), not by each job's completion.
 */
export const MAIL_JOB_RETENTION = { completedAgeMs: SEVEN_DAYS_MS, failedAgeMs: 4 * SEVEN_DAYS_MS } as const;

/** Retries with exponential backoff (5 s, 10 s, 20 s, 40 s); finished jobs kept (MAIL_JOB_RETENTION). */
export const MAIL_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: false,
  removeOnFail: false,
} as const satisfies JobsOptions;

/** The deterministic job id of the mail caused by an event. */
export const mailJobId = (causationEventId: string) => `mail-${causationEventId}`;

/** Enqueue a rendered mail; a second call for the same causation event is ignored by the queue. */
export async function enqueueMail(queue: AppQueue<SendEmailJob>, job: SendEmailJob, opts: JobsOptions = {}) {
  const data = sendEmailJobSchema.parse(job);
  return queue.add(SEND_EMAIL_JOB, data, { ...MAIL_JOB_OPTIONS, ...opts, jobId: mailJobId(data.causationEventId) });
}

/** The deterministic job id of a batch of mails (causation event ids in the batch's order). */
export const mailBatchJobId = (causationEventIds: readonly string[]) => `mails-${causationEventIds[0]}-${causationEventIds.at(-1)}`;

/**
 * Enqueue rendered mails as few jobs as possible: `send-email-batch` jobs of up to MAX_MAILS_PER_BATCH mails
 * (a lone mail is a plain `send-email` job). Enqueuing the same mails again is ignored by the queue.
 */
export async function enqueueMails(queue: AppQueue<SendEmailJob>, jobs: readonly SendEmailJob[], opts: JobsOptions = {}) {
  for (let i = 0; i < jobs.length; i += MAX_MAILS_PER_BATCH) {
    const chunk = jobs.slice(i, i + MAX_MAILS_PER_BATCH);
    if (chunk.length === 1) {
      await enqueueMail(queue, chunk[0]!, opts);
      continue;
    }
    const data = sendEmailBatchJobSchema.parse({ mails: chunk });
    const jobId = mailBatchJobId(data.mails.map((m) => m.causationEventId));
    // MAIL_QUEUE holds both job kinds; the worker tells them apart by name.
    await (queue as unknown as AppQueue<SendEmailBatchJob>).add(SEND_EMAIL_BATCH_JOB, data, { ...MAIL_JOB_OPTIONS, ...opts, jobId });
  }
}

export const MAIL_SENT_SQL = `
CREATE TABLE IF NOT EXISTS mail_sent (
  causation_event_id text PRIMARY KEY,
  sent_at timestamptz NOT NULL DEFAULT now(),
  message_id text
)`;

export async function ensureMailSentTable(pool: pg.Pool): Promise<void> {
  await pool.query(MAIL_SENT_SQL);
}

export type SendEmailResult = { status: 'sent'; messageId: string; path?: string } | { status: 'already-sent' };
/** A batch job's result: how many of its mails it sent, how many were sent before (replay, earlier attempt). */
export interface SendEmailBatchResult {
  status: 'batch';
  sent: number;
  alreadySent: number;
}

/** A stable Message-ID per causation event, in the sender's domain. */
export function mailMessageId(causationEventId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'crm.localhost';
  return `<${causationEventId}@${domain}>`;
}

export function createSendEmailProcessor(deps: { pool: pg.Pool; transport: MailTransport; log: WorkerLogger }) {
  const { pool, transport, log } = deps;
  const outgoing = (mail: SendEmailJob, jobId: string | undefined) => ({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
    messageId: mailMessageId(mail.causationEventId, transport.from),
    ...(jobId ? { jobId } : {}),
  });

  /** Runs `fn` in a transaction on its own client; rolls back if it throws. */
  const inTransaction = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      return await fn(client);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  };

  const sendBatch = async (job: Job<unknown>): Promise<SendEmailBatchResult> => {
    const parsed = sendEmailBatchJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid ${SEND_EMAIL_BATCH_JOB} job ${job.id}: ${parsed.error.message}`);
    const mails = parsed.data.mails;
    const ids = [...new Set(mails.map((m) => m.causationEventId))];
    let failure: { err: unknown } | null = null;
    const result = await inTransaction(async (client) => {
      // Every lock of the batch, in lock-key order: two batches sharing mails never wait on each other in a cycle.
      await client.query(
        `SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT hashtextextended(id, 727100) AS k FROM unnest($1::text[]) AS id ORDER BY k) AS keys`,
        [ids],
      );
      const seen = await client.query<{ id: string }>('SELECT causation_event_id AS id FROM mail_sent WHERE causation_event_id = ANY($1::text[])', [ids]);
      const done = new Set(seen.rows.map((r) => r.id));
      const alreadySent = done.size;
      // Each mail once (a batch may name one twice), the ones already sent skipped.
      const todo = mails.filter((m) => {
        if (done.has(m.causationEventId)) return false;
        done.add(m.causationEventId);
        return true;
      });
      const sentIds: string[] = [];
      const messageIds: string[] = [];
      /** When each mail went out (the batch commits once, after the last). */
      const sentAt: string[] = [];
      // Up to MAIL_BATCH_SEND_CONCURRENCY sends at a time (one after the other, an SMTP batch waited for every
      // round trip of every mail in turn). After a failure no further send starts; the ones in flight finish
      // and, like every mail sent before, are recorded.
      try {
        await forEachConcurrently(todo, MAIL_BATCH_SEND_CONCURRENCY, async (mail) => {
          const sent = await transport.send(outgoing(mail, mailJobId(mail.causationEventId)));
          sentIds.push(mail.causationEventId);
          messageIds.push(sent.messageId);
          sentAt.push(new Date().toISOString());
        });
      } catch (err) {
        failure = { err };
      }
      if (sentIds.length) {
        await client.query(
          'INSERT INTO mail_sent (causation_event_id, message_id, sent_at) SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[]) ON CONFLICT DO NOTHING',
          [sentIds, messageIds, sentAt],
        );
      }
      await client.query('COMMIT');
      return { status: 'batch' as const, sent: sentIds.length, alreadySent };
    });
    if (failure) {
      log.warn({ jobId: job.id, sent: result.sent, alreadySent: result.alreadySent }, 'mail batch: a send failed; the mails sent are recorded, the retry sends the rest');
      throw (failure as { err: unknown }).err;
    }
    // One line per batch job; the mails themselves are in mail_sent (and named by job id in the .eml files).
    log.info({ jobId: job.id, sent: result.sent, alreadySent: result.alreadySent, transport: transport.kind }, 'mail batch sent');
    return result;
  };

  return async function sendEmail(job: Job<unknown>): Promise<SendEmailResult | SendEmailBatchResult> {
    if (job.name === SEND_EMAIL_BATCH_JOB) return sendBatch(job);
    const parsed = sendEmailJobSchema.safeParse(job.data);
    if (!parsed.success) {
      // Invalid data never becomes valid: fail without retrying.
      throw new UnrecoverableError(`invalid ${SEND_EMAIL_JOB} job ${job.id}: ${parsed.error.message}`);
    }
    const mail = parsed.data;
    return inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 727100))', [mail.causationEventId]);
      const seen = await client.query('SELECT 1 FROM mail_sent WHERE causation_event_id = $1', [mail.causationEventId]);
      if (seen.rowCount) {
        await client.query('ROLLBACK');
        log.info({ jobId: job.id, causationEventId: mail.causationEventId }, 'mail already sent: skipped');
        return { status: 'already-sent' } as const;
      }
      const sent = await transport.send(outgoing(mail, job.id));
      await client.query('INSERT INTO mail_sent (causation_event_id, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        mail.causationEventId,
        sent.messageId,
      ]);
      await client.query('COMMIT');
      log.info(
        { jobId: job.id, messageId: sent.messageId, ...(sent.path ? { path: sent.path } : {}), ...(sent.response ? { response: sent.response } : {}) },
        `mail sent (${transport.kind})`,
      );
      return { status: 'sent', messageId: sent.messageId, ...(sent.path ? { path: sent.path } : {}) } as const;
    });
  };
}
