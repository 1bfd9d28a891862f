/**
 * Webhooks on the worker role: the delivery reactor (events → WEBHOOKS_QUEUE jobs) and the queue worker that
 * sends them (webhook-delivery.job.ts). Settings (config.ts, passed as `webhooks`): WEBHOOK_RETRY_SCHEDULE_MS (tests
 * shorten the retry schedule), WEBHOOK_ALLOW_PRIVATE_NETWORKS=true (loopback receivers in tests and development).
 */
import { MAIL_QUEUE, type SendEmailJob, WEBHOOKS_QUEUE, type WebhookDeliveryJob } from '@crm/contracts';
import { ensureWebhookTables } from '@crm/projections';
import { defineWorkerModule } from '../../platform/worker-module.ts';
import { cleanFinishedJobs } from '../../queue/finished-job-cleaner.ts';
import { WEBHOOK_JOB_RETENTION, WebhookAttemptError, createWebhookDeliveryProcessor } from './webhook-delivery.job.ts';
import { webhookDeliveryReactor } from './webhook-delivery.reactor.ts';
import { DEFAULT_WEBHOOK_SETTINGS, webhookRetryDelay } from './webhook-retry.ts';

export const webhooksWorkerModule = defineWorkerModule({
  name: 'webhooks',
  reactors: ({ pool, queues, log, config }) =>
    pool
      ? [webhookDeliveryReactor({ pool, queue: queues.queue<WebhookDeliveryJob>(WEBHOOKS_QUEUE), schedule: [...(config.webhooks ?? DEFAULT_WEBHOOK_SETTINGS).retryScheduleMs], log })]
      : [],
  async jobs({ pool, queues, log, store, secrets, workerOptions, webhooks = DEFAULT_WEBHOOK_SETTINGS }) {
    await ensureWebhookTables(pool);
    const schedule = webhooks.retryScheduleMs;
    const worker = queues.worker<WebhookDeliveryJob>(
      WEBHOOKS_QUEUE,
      createWebhookDeliveryProcessor({
        pool,
        log,
        secrets,
        allowPrivateNetworks: webhooks.allowPrivateNetworks,
        ...(store ? { store } : {}),
        mailQueue: queues.queue<SendEmailJob>(MAIL_QUEUE),
      }),
      {
        concurrency: 16,
        settings: {
          backoffStrategy: (attemptsMade: number, _type?: string, err?: Error) =>
            webhookRetryDelay(schedule, attemptsMade, err instanceof WebhookAttemptError ? err.retryAfterMs : null),
        },
        ...workerOptions?.[WEBHOOKS_QUEUE],
      },
    );
    worker.on('failed', (job, err) => log.warn({ queue: WEBHOOKS_QUEUE, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message }, 'webhook attempt failed'));
    worker.on('error', (err) => log.error({ queue: WEBHOOKS_QUEUE, err: err.message }, 'webhooks worker error'));
    const cleaner = cleanFinishedJobs(queues.queue(WEBHOOKS_QUEUE), WEBHOOK_JOB_RETENTION, { log });
    worker.on('closed', () => void cleaner.stop());
    return [worker];
  },
});
