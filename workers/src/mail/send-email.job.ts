/**
 * The MAIL_QUEUE job: send one rendered e-mail.
 *
 * Exactly-once as far as we can get it:
 * 1. the job id is `mail-<causation event id>`, so enqueuing again (a replay, a retried reactor batch) is a no-op
 *    while the finished job is kept (7 days);
 * 2. `mail_sent` records every causation event whose mail went out, so even a job re-enqueued after BullMQ removed
 *    the old one is skipped. The row is written in the transaction that holds a per-event advisory lock around
 *    the send, so two workers never send the same mail concurrently.
 * The one remaining window (the SMTP server accepted the mail, then the commit failed) makes it at-least-once.
 */
import { type Job, type JobsOptions, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import { MAIL_QUEUE, type SendEmailJob, sendEmailJobSchema } from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import type { MailTransport } from './mail-transport.ts';

export { MAIL_QUEUE };

/** Job name used inside MAIL_QUEUE. */
export const SEND_EMAIL_JOB = 'send-email';

const SEVEN_DAYS_S = 7 * 24 * 3600;

/** Retries with exponential backoff (5 s, 10 s, 20 s, 40 s); finished jobs kept so their id keeps deduplicating. */
export const MAIL_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: SEVEN_DAYS_S },
  removeOnFail: { age: 4 * SEVEN_DAYS_S },
} as const satisfies JobsOptions;

/** The deterministic job id of the mail caused by an event. */
export const mailJobId = (causationEventId: string) => `mail-${causationEventId}`;

/** Enqueue a rendered mail; a second call for the same causation event is ignored by the queue. */
export async function enqueueMail(queue: AppQueue<SendEmailJob>, job: SendEmailJob, opts: JobsOptions = {}) {
  const data = sendEmailJobSchema.parse(job);
  return queue.add(SEND_EMAIL_JOB, data, { ...MAIL_JOB_OPTIONS, ...opts, jobId: mailJobId(data.causationEventId) });
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

/** A stable Message-ID per causation event, in the sender's domain. */
export function mailMessageId(causationEventId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'crm.localhost';
  return `<${causationEventId}@${domain}>`;
}

export function createSendEmailProcessor(deps: { pool: pg.Pool; transport: MailTransport; log: WorkerLogger }) {
  const { pool, transport, log } = deps;
  return async function sendEmail(job: Job<unknown>): Promise<SendEmailResult> {
    const parsed = sendEmailJobSchema.safeParse(job.data);
    if (!parsed.success) {
      // Invalid data never becomes valid: fail without retrying.
      throw new UnrecoverableError(`invalid ${SEND_EMAIL_JOB} job ${job.id}: ${parsed.error.message}`);
    }
    const mail = parsed.data;
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 727100))', [mail.causationEventId]);
      const seen = await client.query('SELECT 1 FROM mail_sent WHERE causation_event_id = $1', [mail.causationEventId]);
      if (seen.rowCount) {
        await client.query('ROLLBACK');
        log.info({ jobId: job.id, causationEventId: mail.causationEventId }, 'mail already sent: skipped');
        return { status: 'already-sent' };
      }
      const sent = await transport.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        messageId: mailMessageId(mail.causationEventId, transport.from),
        ...(job.id ? { jobId: job.id } : {}),
      });
      await client.query('INSERT INTO mail_sent (causation_event_id, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        mail.causationEventId,
        sent.messageId,
      ]);
      await client.query('COMMIT');
      return { status: 'sent', messageId: sent.messageId, ...(sent.path ? { path: sent.path } : {}) };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  };
}
