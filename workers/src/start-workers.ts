import type pg from 'pg';
import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import type { WorkerLogger } from './logger.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import { createSendEmailProcessor, ensureMailSentTable } from './mail/send-email.job.ts';
import type { AppWorker, AppWorkerOptions, QueueFactory } from './queue/queue-connection.ts';

export interface StartWorkersOptions {
  queues: QueueFactory;
  pool: pg.Pool;
  transport: MailTransport;
  log: WorkerLogger;
  /** Extra BullMQ worker options (concurrency, ...). */
  mailWorker?: AppWorkerOptions;
}

export interface RunningWorkers {
  workers: AppWorker[];
  /** Stops taking jobs and waits for the active ones to finish (nothing is lost: unstarted jobs stay queued). */
  stop(): Promise<void>;
}

export async function startWorkers(options: StartWorkersOptions): Promise<RunningWorkers> {
  const { queues, pool, transport, log } = options;
  await ensureMailSentTable(pool);
  const mail = queues.worker<SendEmailJob>(MAIL_QUEUE, createSendEmailProcessor({ pool, transport, log }), {
    concurrency: 4,
    ...options.mailWorker,
  });
  mail.on('failed', (job, err) => {
    const final = !job || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    log[final ? 'error' : 'warn'](
      { queue: MAIL_QUEUE, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message },
      final ? 'mail job failed for good' : 'mail job failed; will retry',
    );
  });
  mail.on('error', (err) => log.error({ queue: MAIL_QUEUE, err: err.message }, 'mail worker error'));
  const workers: AppWorker[] = [mail];
  return {
    workers,
    async stop() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
