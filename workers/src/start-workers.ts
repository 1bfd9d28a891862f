import type pg from 'pg';
import { type EventStore, MAIL_QUEUE } from '@crm/contracts';
import type { SecretBox } from '@crm/projections';
import { workerModules } from './domains.ts';
import type { WorkerLogger } from './logger.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import type { AppWorker, AppWorkerOptions, QueueFactory } from './queue/queue-connection.ts';
import type { WebhookSettings } from './integrations/webhooks/webhook-retry.ts';

export interface StartWorkersOptions {
  queues: QueueFactory;
  pool: pg.Pool;
  /** For jobs that record events (webhooks: an endpoint disabled after a 410). */
  store?: EventStore;
  transport: MailTransport;
  log: WorkerLogger;
  /** Extra BullMQ options for the mail worker (concurrency, ...). */
  mailWorker?: AppWorkerOptions;
  /** Opens the secrets jobs need (a webhook's signing secret, the Slack URL). */
  secrets: SecretBox;
  /** PUBLIC_URL: the base of links in the messages jobs send (Slack); without it they carry none. */
  publicUrl?: string;
  /** Outgoing webhooks' settings (default DEFAULT_WEBHOOK_SETTINGS). */
  webhooks?: WebhookSettings;
}

export interface RunningWorkers {
  workers: AppWorker[];
  /** Stops taking jobs and waits for the active ones to finish (nothing is lost: unstarted jobs stay queued). */
  stop(): Promise<void>;
}

/** Starts every domain's queue workers (workers/src/domains.ts). */
export async function startWorkers(options: StartWorkersOptions): Promise<RunningWorkers> {
  const { queues, pool, transport, log, secrets } = options;
  const workerOptions: Record<string, AppWorkerOptions> = options.mailWorker ? { [MAIL_QUEUE]: options.mailWorker } : {};
  const workers: AppWorker[] = [];
  for (const module of workerModules) if (module.jobs) workers.push(...(await module.jobs({ queues, pool, transport, log, secrets, workerOptions, ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}), ...(options.store ? { store: options.store } : {}), ...(options.webhooks ? { webhooks: options.webhooks } : {}) })));
  return {
    workers,
    async stop() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
