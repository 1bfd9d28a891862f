/**
 * A domain's worker side in one value (docs/ADDING-A-DOMAIN.md): the reactors it subscribes to the event store
 * (each turns events into jobs, see reactors/reactor-runner.ts) and the queue workers that run its jobs.
 * workers/src/domains.ts lists every module; the worker role starts what the list holds.
 */
import type pg from 'pg';
import type { EventStore } from '@crm/contracts';
import type { SecretBox } from '@crm/projections';
import type { WorkerLogger } from '../logger.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { AppWorker, AppWorkerOptions, QueueFactory } from '../queue/queue-connection.ts';
import type { Reactor } from '../reactors/reactor-runner.ts';
import type { WebhookSettings } from '../integrations/webhooks/webhook-retry.ts';

export interface WorkersConfig {
  /** Sender of outgoing mail (`Name <address>`), also the invitation's organizer. */
  mailFrom: string;
  businessTimeZone: string;
  /** The sales inbox (SALES_EMAIL) told of every contact message; without it the contact reactor does not run. */
  salesEmail?: string;
  /** PUBLIC_URL: the base of links in mails that reactors render (without it those mails carry no link). */
  publicUrl?: string;
  /** Outgoing webhooks' settings (default DEFAULT_WEBHOOK_SETTINGS). */
  webhooks?: WebhookSettings;
}

export interface ReactorDeps {
  store: EventStore;
  /** For reactors that read a read model (e.g. whom to tell); optional so tests may start reactors without it. */
  pool?: pg.Pool;
  queues: QueueFactory;
  config: WorkersConfig;
  log: WorkerLogger;
}

export interface JobDeps {
  pool: pg.Pool;
  /** For jobs that record events (a webhook endpoint disabled after a 410); optional for tests. */
  store?: EventStore;
  queues: QueueFactory;
  transport: MailTransport;
  log: WorkerLogger;
  /** Extra BullMQ worker options per queue name (tests: concurrency). */
  workerOptions?: Record<string, AppWorkerOptions>;
  /** Opens the secrets sealed at rest (projections/src/secrets/secret-box.ts). */
  secrets: SecretBox;
  /** PUBLIC_URL (config.ts), for links in what jobs send. */
  publicUrl?: string;
  /** Outgoing webhooks' settings, for the webhook and Slack senders (default DEFAULT_WEBHOOK_SETTINGS). */
  webhooks?: WebhookSettings;
}

export interface WorkerModule {
  name: string;
  /** The reactors this domain runs (each on one instance at a time). */
  reactors?: (deps: ReactorDeps) => Reactor[];
  /** Prepares the tables its jobs need, then starts its queue workers. */
  jobs?: (deps: JobDeps) => Promise<AppWorker[]>;
}

export const defineWorkerModule = (module: WorkerModule): WorkerModule => module;
