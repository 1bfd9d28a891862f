import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { MAIL_QUEUE, type EventStore, type SendEmailJob } from '@crm/contracts';
import { projections, startProjection } from '@crm/projections';
import { createMailTransport, createQueueFactory, startReactors, startWorkers } from '@crm/workers';
import { createBookingsService } from '../bookings/bookings.service.ts';
import { createContactService } from '../contact/contact.service.ts';
import { createNewsletterService } from '../newsletter/newsletter.service.ts';
import type { Config } from '../config/config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../db/embedded-postgres.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createEventStore } from '../eventstore/create-event-store.ts';
import { createAnalyticsService } from '../analytics/analytics.service.ts';
import { createHttpServer, type DeclaredRoute } from '../http/server.ts';
import { createAccounts } from '../identity/accounts.ts';
import { createPasswordResetService } from '../identity/password-reset.service.ts';
import { createRegistrationService } from '../identity/registration.service.ts';
import { createProfileService } from '../identity/profile.service.ts';
import { createSessionManager } from '../identity/session.ts';
import { createUsersService } from '../identity/users.service.ts';
import { createCrmService } from '../crm/crm.service.ts';
import { startDemoSeed } from '../crm/seed/startup-seed.ts';
import { createDealsService } from '../deals/deals.service.ts';
import { createCustomersService } from '../customers/customers.service.ts';
import { createDiskFileStorage } from '../customers/file-storage.ts';
import { createTasksService } from '../tasks/tasks.service.ts';
import { createSecurityServices } from '../security/security.services.ts';
import { createLoginThrottle } from '../security/login-throttle.store.ts';
import { runStatusChecks } from '../status/status-checks.ts';
import { startStatusRecorder } from '../status/status-recorder.ts';
import { createStatusService } from '../status/status.service.ts';
import type { AppServices } from '../platform/request-context.ts';

type Role = 'api' | 'projector' | 'worker';

export interface Platform {
  /** The REST routes and their declared access (api role; empty otherwise). */
  routes: readonly DeclaredRoute[];
  /** Base URL of the HTTP server (api role), e.g. http://127.0.0.1:3000 */
  url: string | null;
  databaseUrl: string;
  store: EventStore;
  pool: pg.Pool;
  log: Logger;
  /** The admin created at start-up, if one was (the generated password is shown once). */
  bootstrappedAdmin: { email: string; generatedPassword: string | null } | null;
  /** Graceful stop: no new requests, in-flight batches and jobs finish, then connections close. */
  stop(): Promise<void>;
}

function findWebDist(): string | null {
  const candidates = [process.env.WEB_DIST, path.resolve(import.meta.dirname, '../../web/dist'), path.resolve(import.meta.dirname, '../../../web/dist')];
  return candidates.find((c): c is string => !!c && existsSync(path.join(c, 'index.html'))) ?? null;
}

/** Connects to (or starts) the database, migrates, and starts the roles the configuration asks for. */
/** JSON lines for log collectors; readable lines when a person watches the terminal. */
export function createLogger(level: string): Logger {
  if (!process.stdout.isTTY) return pino({ level });
  return pino({ level }, pretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
}

export async function startPlatform(config: Config, options: { log?: Logger; now?: () => Date } = {}): Promise<Platform> {
  const log = options.log ?? createLogger(config.logLevel);
  const roles: Role[] = config.role === 'all' ? ['api', 'projector', 'worker'] : [config.role];
  const ready: Record<string, boolean> = Object.fromEntries(roles.map((r) => [r, false]));
  const stops: (() => Promise<void>)[] = [];

  let embedded: EmbeddedPostgresHandle | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info({ dir: path.join(config.dataDir, 'pg'), port: config.embeddedPgPort }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), port: config.embeddedPgPort, log: (l) => log.warn(l) });
    databaseUrl = embedded.url;
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: config.databasePoolMax });
  pool.on('error', (err) => log.error({ err }, 'idle PostgreSQL client failed'));
  await migrateDatabase(pool);
  const store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl });
  log.info({ eventStore: store.kind, queue: config.redisUrl ? 'redis' : 'postgres', roles }, 'platform starting');

  if (roles.includes('projector')) {
    const runners = projections.map((def) => startProjection(def, { pool, store, log }));
    stops.push(async () => {
      await Promise.all(runners.map((r) => r.stop()));
    });
    void Promise.all(runners.map((r) => r.caughtUp)).then(() => {
      ready.projector = true;
      log.info({ projections: projections.map((p) => p.name) }, 'projections caught up');
    });
  }

  if (roles.includes('worker')) {
    const queues = createQueueFactory({ redisUrl: config.redisUrl, databaseUrl });
    const transport = createMailTransport({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom, log });
    const reactors = await startReactors({ pool, store, queues, config: { mailFrom: config.mailFrom, businessTimeZone: config.businessTimeZone, salesEmail: config.salesEmail }, log });
    const workers = await startWorkers({ queues, pool, transport, log });
    // Stop consuming events first, then let the active jobs finish, then close the queue connections.
    stops.push(async () => {
      await reactors.stop();
      await workers.stop();
      await queues.close();
    });
    ready.worker = true;
  }

  let url: string | null = null;
  let routes: readonly DeclaredRoute[] = [];
  let bootstrappedAdmin: Platform['bootstrappedAdmin'] = null;
  if (roles.includes('api')) {
    const now = options.now ?? (() => new Date());
    const accounts = createAccounts({ pool, store });
    const sessions = createSessionManager({ pool, store }, { secure: config.publicUrl?.startsWith('https://') ?? false, ...config.session, now });
    // Ends abandoned sessions, so login history gets their duration (validation ends them lazily too).
    const sweep = setInterval(() => {
      sessions.sweepExpired().catch((err: unknown) => log.error({ err }, 'session sweep failed'));
    }, 60_000);
    sweep.unref();
    stops.push(async () => clearInterval(sweep));
    // The API queues the account mails itself (they carry what no event may hold: a reset link's raw token).
    const apiQueues = createQueueFactory({ redisUrl: config.redisUrl, databaseUrl });
    const mailQueue = apiQueues.queue<SendEmailJob>(MAIL_QUEUE);
    // Reset links never come from the request's Host header: PUBLIC_URL, else this server's own address.
    const passwordReset = createPasswordResetService({ pool, store, sessions, mailQueue, log, now, publicUrl: () => config.publicUrl ?? url ?? '' });
    // Newsletter confirmation links: same base, same reason.
    const newsletter = createNewsletterService({ store, mailQueue, log, publicUrl: () => config.publicUrl ?? url ?? '' });
    stops.push(async () => {
      await passwordReset.drain();
      await newsletter.drain();
      await apiQueues.close();
    });
    // The status page: live checks of this api, the event store, the projections and the mail queue.
    const checkStatus = () => runStatusChecks({ pool, store, mailQueue, apiUrl: () => url, now });
    const services: AppServices = {
      bookings: createBookingsService({ pool, store, businessTimeZone: config.businessTimeZone }),
      accounts,
      sessions,
      registration: createRegistrationService({ pool, accounts, mailQueue, log }),
      passwordReset,
      users: createUsersService({ pool, store, accounts, sessions }),
      profile: createProfileService({ pool, store, accounts, sessions, throttle: createLoginThrottle(pool, config.loginThrottle), now }),
      security: createSecurityServices({ pool, store, accounts, sessions, now, config }),
      contact: createContactService({ store }),
      newsletter,
      status: createStatusService({ pool, check: checkStatus, intervalSeconds: config.statusCheckIntervalSeconds, now }),
      analytics: createAnalyticsService({ store, now }),
      crm: createCrmService({ pool }),
      deals: createDealsService({ pool, store, now }),
      customers: createCustomersService({ pool, store, files: createDiskFileStorage(config.filesDir), now, timeZone: config.businessTimeZone }),
      tasks: createTasksService({ pool, store, now, businessTimeZone: config.businessTimeZone }),
      config: { businessTimeZone: config.businessTimeZone, publicUrl: () => config.publicUrl ?? url ?? '' },
      now,
    };
    bootstrappedAdmin = await accounts.bootstrapAdmin(config.admin, {
      now: now(),
      userId: null,
      metadata: { correlationId: 'bootstrap', userId: null, causationId: null },
    });
    const http = await createHttpServer({
      services,
      webDist: findWebDist(),
      readiness: () => ({ ready: Object.values(ready).every(Boolean), roles: { ...ready } }),
      logLevel: config.logLevel === 'debug' || config.logLevel === 'trace' ? config.logLevel : 'warn',
      trustProxy: config.trustProxy,
    });
    await http.listen({ port: config.port, host: config.host });
    const address = http.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://127.0.0.1:${port}`;
    ready.api = true;
    // One api process at a time records the checks (advisory lock).
    const statusRecorder = startStatusRecorder({
      pool,
      check: checkStatus,
      intervalMs: config.statusCheckIntervalSeconds * 1000,
      now,
      log,
      readyToRecord: () => Object.values(ready).every(Boolean),
    });
    // Stop accepting first (in-flight requests finish), then the rest.
    stops.unshift(() => http.close());
    // Before that, the recorder: a check running while the server closes would record a false api outage.
    stops.unshift(() => statusRecorder.stop());
    routes = http.declaredRoutes;
    log.info({ url }, 'api listening');
    // An empty CRM gets a small demo set, in the background (SEED=0: never; the tests' app runs with SEED=0).
    if (config.seed) stops.unshift(startDemoSeed({ pool, store, filesDir: config.filesDir, log }));
  }

  let stopping: Promise<void> | null = null;
  return {
    url,
    routes,
    databaseUrl,
    store,
    pool,
    log,
    bootstrappedAdmin,
    stop() {
      stopping ??= (async () => {
        for (const stop of stops) await stop();
        await store.close();
        await pool.end();
        await embedded?.stop();
      })();
      return stopping;
    },
  };
}
