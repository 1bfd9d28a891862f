import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { MAIL_QUEUE, type EventStore, type SendEmailJob } from '@crm/contracts';
import { type SecretBox, createLockSession, projections, startProjection } from '@crm/projections';
import { createMailTransport, createQueueFactory, startReactors, startWorkers } from '@crm/workers';
import type { Config } from '../config/config.ts';
import { configuredDatabase, type EmbeddedPostgresHandle } from '../db/embedded-postgres.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { warmPool } from '../db/pool.ts';
import { openSecretBox, sealStoredSecrets } from '../platform/secrets-key.ts';
import { serviceModules } from '../domains.ts';
import { createEventStore } from '../eventstore/create-event-store.ts';
import { createHttpServer, type DeclaredRoute } from '../http/server.ts';
import { startDemoSeed } from '../crm/seed/startup-seed.ts';
import { runStatusChecks } from '../status/status-checks.ts';
import { startStatusRecorder } from '../status/status-recorder.ts';
import type { AppServices } from './app-services.ts';
import type { ServiceDeps } from './service-module.ts';

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
  /** Seals and opens the secrets kept in PostgreSQL (platform/secrets-key.ts); null in a projector-only process. */
  secrets: SecretBox | null;
  /** The admin created at start-up, if one was (the generated password is shown once). */
  bootstrappedAdmin: { email: string; generatedPassword: string | null } | null;
  /** Settles once every role of this process is ready (the projections caught up, the workers started). */
  ready: Promise<void>;
  /** Graceful stop: no new requests, in-flight batches and jobs finish, then connections close. */
  stop(): Promise<void>;
}

function findWebDist(configured: string | null): string | null {
  const candidates = [configured, path.resolve(import.meta.dirname, '../../web/dist'), path.resolve(import.meta.dirname, '../../../web/dist')];
  return candidates.find((c): c is string => !!c && existsSync(path.join(c, 'index.html'))) ?? null;
}

/** JSON lines for log collectors; readable lines when a person watches the terminal. */
export function createLogger(level: string): Logger {
  // Written synchronously, like console.log, so log lines and the console's lines ("CRM platform ready") keep their order.
  if (!process.stdout.isTTY) return pino({ level }, pino.destination({ dest: 1, sync: true }));
  return pino({ level }, pretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
}

/**
 * Every domain module's services, in the list's order: a module reads those of the modules before it, and
 * reading one that is not built yet is an error naming both (order services/src/domains.ts).
 */
export function buildServices(deps: ServiceDeps): AppServices {
  const built: Record<string, unknown> = { config: { businessTimeZone: deps.config.businessTimeZone, publicUrl: deps.publicUrl }, now: deps.now };
  for (const module of serviceModules) {
    if (!module.services) continue;
    const sofar = new Proxy(built, {
      get(target, key) {
        if (typeof key === 'string' && !(key in target)) throw new Error(`domain ${module.name} uses service "${key}" before its module is built`);
        return target[key as string];
      },
    });
    for (const [key, value] of Object.entries(module.services(deps, sofar as unknown as AppServices))) {
      if (key in built) throw new Error(`service "${key}" is defined twice (domain ${module.name})`);
      built[key] = value;
    }
  }
  return built as unknown as AppServices;
}

/** Connects to (or starts) the database, migrates, and starts the roles the configuration asks for. */
export async function startPlatform(
  config: Config,
  options: {
    log?: Logger;
    now?: () => Date;
    /** Roles run by other processes this one supervises (services/src/app/supervisor.ts): /healthz reports them too. */
    otherRoles?: () => Record<string, boolean>;
  } = {},
): Promise<Platform> {
  const log = options.log ?? createLogger(config.logLevel);
  const roles: Role[] = config.role === 'all' ? ['api', 'projector', 'worker'] : [config.role];
  const ready: Record<string, boolean> = Object.fromEntries(roles.map((r) => [r, false]));
  let resolveReady: () => void = () => {};
  const allReady = new Promise<void>((resolve) => (resolveReady = resolve));
  const markReady = (role: Role) => {
    ready[role] = true;
    if (Object.values(ready).every(Boolean)) resolveReady();
  };
  // This process's roles and those of its supervised children, as /healthz and the status recorder see them.
  const readiness = () => {
    const all = { ...ready, ...options.otherRoles?.() };
    return { ready: Object.values(all).every(Boolean), roles: all };
  };
  const stops: (() => Promise<void>)[] = [];
  // After the roles have stopped: the event store, then the pool.
  const closers: (() => Promise<void>)[] = [];

  if (!config.databaseUrl) log.info({ dir: path.join(config.dataDir, 'pg'), port: config.embeddedPgPort }, 'starting embedded PostgreSQL');
  const { url: databaseUrl, embedded } = await configuredDatabase(config, (l) => log.warn(l));
  try {
    return await startRoles(config, { log, roles, markReady, allReady, readiness, stops, closers, databaseUrl, embedded, now: options.now });
  } catch (err) {
    // A start that fails half-way (the HTTP port taken, a migration refused) leaves nothing running behind it.
    for (const stop of [...stops, ...closers]) await stop().catch(() => {});
    await embedded?.stop();
    throw err;
  }
}

async function startRoles(
  config: Config,
  ctx: {
    log: Logger;
    roles: Role[];
    markReady: (role: Role) => void;
    allReady: Promise<void>;
    readiness: () => { ready: boolean; roles: Record<string, boolean> };
    stops: (() => Promise<void>)[];
    closers: (() => Promise<void>)[];
    databaseUrl: string;
    embedded: EmbeddedPostgresHandle | null;
    now: (() => Date) | undefined;
  },
): Promise<Platform> {
  const { log, roles, markReady, readiness, stops, closers, databaseUrl, embedded } = ctx;
  // Named after its roles in pg_stat_activity (`crm api`, `crm projector`, …; the lock and status connections made
  // with its options too); the queues' pools are `crm queue` (workers/src/queue/queue-connection.ts).
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: config.databasePoolMax,
    // Opened before the roles start (warmPool, below) and kept through lulls longer than the idle timeout.
    min: config.databasePoolMin,
    idleTimeoutMillis: config.databaseIdleTimeoutMs,
    application_name: `crm ${roles.join('+')}`,
  });
  closers.unshift(() => pool.end());
  pool.on('error', (err) => log.error({ err }, 'idle PostgreSQL client failed'));
  await migrateDatabase(pool);
  await warmPool(pool, config.databasePoolMin);
  // The key that seals stored secrets, for the roles that use them (the api seals, the worker opens); the api, which
  // writes them, seals any value an older version stored in clear.
  const secrets = roles.includes('api') || roles.includes('worker') ? await openSecretBox(pool, { secretsKey: config.secretsKey, dataDir: config.dataDir }) : null;
  if (secrets && roles.includes('api')) {
    const resealed = await sealStoredSecrets(pool, secrets);
    if (resealed > 0) log.info({ resealed }, 'sealed secrets stored in clear');
  }
  const store = await createEventStore({
    eventStoreUrl: config.eventStoreUrl,
    pool,
    databaseUrl,
    readIntervalMs: config.eventReadIntervalMs,
    notifyIntervalMs: config.eventNotifyIntervalMs,
  });
  closers.unshift(() => store.close());
  log.info({ eventStore: store.kind, queue: config.redisUrl ? 'redis' : 'postgres', roles }, 'platform starting');
  // One connection holds the advisory locks of all this process's projections and reactors (opened on first use).
  const locks = createLockSession(pool);
  closers.unshift(() => locks.close());

  if (roles.includes('projector')) {
    const runners = projections.map((def) => startProjection(def, { pool, store, log, locks, minBatchIntervalMs: config.projectionBatchIntervalMs }));
    stops.push(async () => {
      await Promise.all(runners.map((r) => r.stop()));
    });
    void Promise.all(runners.map((r) => r.caughtUp)).then(() => {
      markReady('projector');
      log.info({ projections: projections.map((p) => p.name) }, 'projections caught up');
    });
  }

  if (roles.includes('worker')) {
    const queues = createQueueFactory({ redisUrl: config.redisUrl, databaseUrl, poolSize: config.queuePoolMax, idleTimeoutMs: config.databaseIdleTimeoutMs });
    const transport = createMailTransport({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom, log });
    const reactors = await startReactors({ pool, store, queues, config: { mailFrom: config.mailFrom, businessTimeZone: config.businessTimeZone, salesEmail: config.salesEmail, publicUrl: config.publicUrl ?? undefined, webhooks: config.webhooks }, log, locks });
    const workers = await startWorkers({ queues, pool, store, transport, log, secrets: secrets!, webhooks: config.webhooks, ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}) });
    // Stop consuming events first, then let the active jobs finish, then close the queue connections.
    stops.push(async () => {
      await reactors.stop();
      await workers.stop();
      await queues.close();
    });
    markReady('worker');
  }

  let url: string | null = null;
  let routes: readonly DeclaredRoute[] = [];
  let bootstrappedAdmin: Platform['bootstrappedAdmin'] = null;
  if (roles.includes('api')) {
    const now = ctx.now ?? (() => new Date());
    // The API queues some mails itself (they carry what no event may hold: a reset link's raw token).
    const apiQueues = createQueueFactory({ redisUrl: config.redisUrl, databaseUrl, poolSize: config.queuePoolMax, idleTimeoutMs: config.databaseIdleTimeoutMs });
    const mailQueue = apiQueues.queue<SendEmailJob>(MAIL_QUEUE);
    // Links in mails never come from the request's Host header: PUBLIC_URL, else this server's own address.
    const publicUrl = () => config.publicUrl ?? url ?? '';
    const deps: ServiceDeps = { pool, store, log, config, now, mailQueue, publicUrl, apiUrl: () => url, secrets: secrets! };
    const services = buildServices(deps);
    // Each module's background work; stopped after the server has closed (in-flight requests finish first).
    const moduleStops = serviceModules.flatMap((module) => (module.start ? [module.start(services, deps)] : []));
    stops.push(async () => {
      for (const stop of moduleStops) await stop();
      await apiQueues.close();
    });
    // The status page: live checks of this api, the event store, the projections and the mail queue.
    const checkStatus = () => runStatusChecks({ pool, store, mailQueue, apiUrl: () => url, now });
    bootstrappedAdmin = await services.accounts.bootstrapAdmin(config.admin, {
      now: now(),
      userId: null,
      metadata: { correlationId: 'bootstrap', userId: null, causationId: null },
    });
    const http = await createHttpServer({
      services,
      webDist: findWebDist(config.webDist),
      readiness,
      logLevel: config.logLevel === 'debug' || config.logLevel === 'trace' ? config.logLevel : 'warn',
      trustProxy: config.trustProxy,
    });
    await http.listen({ port: config.port, host: config.host });
    const address = http.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://127.0.0.1:${port}`;
    markReady('api');
    // One api process at a time records the checks (advisory lock).
    let startedUp = false;
    const statusRecorder = startStatusRecorder({
      pool,
      check: checkStatus,
      intervalMs: config.statusCheckIntervalSeconds * 1000,
      now,
      log,
      // Once everything has been ready (children included): a child restarting later is an outage to record.
      readyToRecord: () => (startedUp ||= readiness().ready),
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
    secrets,
    bootstrappedAdmin,
    ready: ctx.allReady,
    stop() {
      stopping ??= (async () => {
        for (const stop of [...stops, ...closers]) await stop();
        await embedded?.stop();
      })();
      return stopping;
    },
  };
}
