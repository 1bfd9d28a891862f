import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { defineWorkerModule } from '../platform/worker-module.ts';
import { cleanFinishedJobs } from '../queue/finished-job-cleaner.ts';
import { MAIL_JOB_RETENTION, createSendEmailProcessor, ensureMailSentTable } from './send-email.job.ts';

/**
 * The mail queue's worker: sends each mail once (mail_sent), through SMTP or into .eml files; while it runs, the
 * queue's finished jobs past MAIL_JOB_RETENTION are removed.
 */
export const mailWorkerModule = defineWorkerModule({
  name: 'mail',
  async jobs({ queues, pool, transport, log, workerOptions }) {
    await ensureMailSentTable(pool);
    const mail = queues.worker<SendEmailJob>(MAIL_QUEUE, createSendEmailProcessor({ pool, transport, log }), { concurrency: 8, ...workerOptions?.[MAIL_QUEUE] });
    mail.on('failed', (job, err) => {
      const final = !job || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
      log[final ? 'error' : 'warn'](
        { queue: MAIL_QUEUE, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message },
        final ? 'mail job failed for good' : 'mail job failed; will retry',
      );
    });
    mail.on('error', (err) => log.error({ queue: MAIL_QUEUE, err: err.message }, 'mail worker error'));
    const cleaner = cleanFinishedJobs(queues.queue(MAIL_QUEUE), MAIL_JOB_RETENTION, { log });
    mail.on('closed', () => void cleaner.stop());
    return [mail];
  },
});
