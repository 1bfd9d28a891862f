import type pg from 'pg';
import { type EventStore, MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { bookingConfirmationReactor } from '../bookings/booking-confirmation.reactor.ts';
import { contactNotificationReactor } from '../contact/contact-notification.reactor.ts';
import { accountSecurityReactor } from '../identity/account-security.reactor.ts';
import type { WorkerLogger } from '../logger.ts';
import type { QueueFactory } from '../queue/queue-connection.ts';
import { type RunningReactor, ensureReactorTables, runReactor } from './reactor-runner.ts';

export interface ReactorsConfig {
  /** Sender of outgoing mail (`Name <address>`), also the invitation's organizer. */
  mailFrom: string;
  businessTimeZone: string;
  /** The sales inbox (SALES_EMAIL) told of every contact message; without it the contact reactor does not run. */
  salesEmail?: string;
}

export interface StartReactorsOptions {
  pool: pg.Pool;
  store: EventStore;
  queues: QueueFactory;
  config: ReactorsConfig;
  log: WorkerLogger;
  /** Runner tuning (tests). */
  runner?: { batchSize?: number; lockRetryMs?: number; retryDelayMs?: number };
}

export interface RunningReactors {
  reactors: RunningReactor[];
  stop(): Promise<void>;
}

/** Starts every reactor (each one runs on a single instance at a time, see reactor-runner.ts). */
export async function startReactors(options: StartReactorsOptions): Promise<RunningReactors> {
  const { pool, store, queues, config, log } = options;
  await ensureReactorTables(pool);
  const reactors = [
    bookingConfirmationReactor({
      mailQueue: queues.queue<SendEmailJob>(MAIL_QUEUE),
      mail: { from: config.mailFrom, businessTimeZone: config.businessTimeZone },
      log,
    }),
    accountSecurityReactor({ store, mailQueue: queues.queue<SendEmailJob>(MAIL_QUEUE), log }),
    ...(config.salesEmail ? [contactNotificationReactor({ mailQueue: queues.queue<SendEmailJob>(MAIL_QUEUE), salesEmail: config.salesEmail, log })] : []),
  ].map((reactor) => runReactor({ pool, store, reactor, log, ...options.runner }));
  return {
    reactors,
    async stop() {
      await Promise.all(reactors.map((r) => r.stop()));
    },
  };
}
