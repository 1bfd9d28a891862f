import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_FORM_MIN_FILL_SECONDS, isValidTimeZone, parseBusinessDays } from '@crm/contracts';
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS, parseWebhookRetrySchedule } from '@crm/workers';
import { extraPostgresFlags } from '../db/embedded-postgres.ts';

/** A secrets key as the environment gives it: 32 bytes in base64. */
const secretsKeySchema = z
  .string()
  .refine((v) => Buffer.from(v, 'base64').length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(v), 'must be 32 bytes in base64 (openssl rand -base64 32)');

/** A zod transform through a parser that throws: its message becomes the setting's issue (after `prefix`). */
const parsedBy =
  <I, O>(parse: (value: I) => O, prefix = '') =>
  (value: I, ctx: z.RefinementCtx): O => {
    try {
      return parse(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `${prefix}${(err as Error).message}` });
      return z.NEVER;
    }
  };

/** Every environment variable the platform reads (documented in README.md, "Configuration"). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'projector', 'worker']).default('all'),
  // ROLE=all only: `split` runs the projector and worker roles as child processes of the api process
  // (services/src/app/supervisor.ts; issue 17), `single` runs every role in this one process.
  APP_PROCESSES: z.enum(['split', 'single']).default('split'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(4).max(500).default(30),
  // Each PostgreSQL-backed BullMQ queue and worker has its own pool (BullMQ's default of 10 each let three of
  // them take 30 connections under a burst of mails; a process now has seven).
  QUEUE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(2),
  // How long a pooled connection may sit idle before it is closed (0: never). node-postgres' 10 s closed most of them
  // in any lull, and the first requests after it opened them again all at once (a new backend, its password check,
  // its catalog caches and PL/pgSQL plans): 0.3–0.4 s of stall after 12 s without bookings (docs/PERFORMANCE.md).
  DATABASE_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  // Connections the app's pool opens at start and keeps through any lull (node-postgres' `min`; default 8, or
  // DATABASE_POOL_MAX when lower): a new process's first requests, and those after a lull past the idle timeout, find
  // them open.
  DATABASE_POOL_MIN: z.coerce.number().int().min(0).max(500).optional(),
  // Live projections: least time between two batches that write (projection-runner.ts `minBatchIntervalMs`).
  PROJECTION_BATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(10),
  // PostgreSQL event store: least time between two reads of new events by one process (postgres-event-store.ts `tailReadIntervalMs`).
  EVENT_READ_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(5),
  // PostgreSQL event store: least time between two NOTIFYs one process sends after its appends (postgres-event-store.ts `notifyIntervalMs`).
  EVENT_NOTIFY_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(5),
  EVENTSTORE_URL: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  // Extra settings for the embedded PostgreSQL (diagnosis): `name=value` pairs (db/embedded-postgres.ts extraPostgresFlags).
  EMBEDDED_PG_SETTINGS: z.string().optional().transform(parsedBy(extraPostgresFlags)),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CRM Platform <no-reply@crm.localhost>'),
  // The sales inbox told of every contact-form message.
  SALES_EMAIL: z.string().email().default('sales@crm.localhost'),
  BUSINESS_TZ: z.string().refine(isValidTimeZone, 'must be an IANA time zone').default('Europe/Paris'),
  // The days meetings can be booked (ISO weekdays, 1 = Monday): `1-5`, `1,2,3,4,5`, `1-3,5`.
  BUSINESS_DAYS: z
    .string()
    .default('1-5')
    .transform(parsedBy(parseBusinessDays, 'must be ISO weekdays (1 = Monday … 7 = Sunday) or ranges, e.g. 1-5: ')),
  // The key that seals stored secrets (services/src/platform/secrets-key.ts): 32 bytes, base64. Unset: a key
  // generated once into DATA_DIR/secrets.key. Every process of one database needs the same key.
  SECRETS_KEY: secretsKeySchema.optional(),
  // The key `npm run secrets:rotate` re-seals every stored secret with (required when SECRETS_KEY is set; without
  // SECRETS_KEY the command generates one into the key file).
  NEW_SECRETS_KEY: secretsKeySchema.optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  PUBLIC_URL: z.string().url().optional(),
  // The built web app (default: web/dist beside the server); the server answers the API alone without one.
  WEB_DIST: z.string().min(1).optional(),
  // Outgoing webhooks and the Slack integration: loopback and private receivers allowed (tests, local development).
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false'),
  // The waits between webhook attempts, comma-separated milliseconds (default: the Standard Webhooks schedule).
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .optional()
    .transform(parsedBy((text: string | undefined) => (text === undefined ? [...DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS] : parseWebhookRetrySchedule(text)))),
  // Which proxies may set X-Forwarded-For: unset (none: the socket address is the client), a hop count,
  // or a comma-separated list of addresses/CIDRs (e.g. "10.0.0.0/8,127.0.0.1").
  TRUST_PROXY: z
    .string()
    .regex(/^(\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'must be a hop count or a comma-separated list of addresses/CIDRs')
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().min(0.1).max(24 * 30).default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Failed-login throttling (services/src/security/login-throttle.policy.ts) and public POST rate limits.
  LOGIN_FREE_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_IP_FREE_ATTEMPTS: z.coerce.number().int().min(1).max(100_000).default(20),
  LOGIN_BASE_DELAY_MS: z.coerce.number().int().min(1).max(3_600_000).default(1000),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  LOGIN_DECAY_MINUTES: z.coerce.number().min(0.01).max(10_080).default(10),
  RATE_LIMIT_PUBLIC_MAX: z.coerce.number().int().min(0).max(1_000_000).default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  // A lead form sent back sooner than this after it was served is spam (issue 16; services/src/marketing).
  FORM_MIN_FILL_SECONDS: z.coerce.number().min(0).max(3600).default(DEFAULT_FORM_MIN_FILL_SECONDS),
  // Requests per minute per API key (docs/INTEGRATIONS.md, "API keys"); 0 turns the limit off.
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
  // How often the status page's recorder checks the services (services/src/status/status-recorder.ts).
  STATUS_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // `npm start` on a database with no customer yet seeds a small CRM demo set (services/src/crm/seed); 0 = never.
  SEED: z.enum(['0', '1', 'false', 'true', 'off', 'on'], { error: 'must be 0 or 1' }).default('1'),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (e.DATABASE_POOL_MIN !== undefined && e.DATABASE_POOL_MIN > e.DATABASE_POOL_MAX) {
    throw new Error(`Invalid configuration: DATABASE_POOL_MIN (${e.DATABASE_POOL_MIN}) must not exceed DATABASE_POOL_MAX (${e.DATABASE_POOL_MAX})`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    /** ROLE=all: the projector and worker roles in child processes (split) or in this process (single). */
    processes: e.APP_PROCESSES,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databasePoolMin: e.DATABASE_POOL_MIN ?? Math.min(8, e.DATABASE_POOL_MAX),
    projectionBatchIntervalMs: e.PROJECTION_BATCH_INTERVAL_MS,
    eventReadIntervalMs: e.EVENT_READ_INTERVAL_MS,
    eventNotifyIntervalMs: e.EVENT_NOTIFY_INTERVAL_MS,
    queuePoolMax: e.QUEUE_POOL_MAX,
    databaseIdleTimeoutMs: e.DATABASE_IDLE_TIMEOUT_MS,
    eventStoreUrl: e.EVENTSTORE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    /** The embedded PostgreSQL's extra `-c` flags (EMBEDDED_PG_SETTINGS). */
    embeddedPgFlags: e.EMBEDDED_PG_SETTINGS,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL,
    mailDir: path.join(dataDir, 'mail'),
    /** SECRETS_KEY (32 bytes), else null: the key file under dataDir (platform/secrets-key.ts). */
    secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, 'base64') : null,
    /** NEW_SECRETS_KEY, for `npm run secrets:rotate` only. */
    newSecretsKey: e.NEW_SECRETS_KEY ? Buffer.from(e.NEW_SECRETS_KEY, 'base64') : null,
    /** Customer files' bytes (services/src/crm/customers/file-storage.ts). */
    filesDir: path.join(dataDir, 'files'),
    businessTimeZone: e.BUSINESS_TZ,
    /** ISO weekdays on which meetings can be booked (the nine slots are in businessTimeZone). */
    businessDays: e.BUSINESS_DAYS,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
    publicUrl: e.PUBLIC_URL ?? null,
    /** WEB_DIST, else null: web/dist found beside the server (platform.ts). */
    webDist: e.WEB_DIST ?? null,
    /** Outgoing webhooks' settings (the webhook and Slack senders, the delivery reactor). */
    webhooks: { retryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE_MS, allowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'true' },
    trustProxy: e.TRUST_PROXY === undefined ? false : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY.split(',').map((s) => s.trim()),
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: Math.round(e.SESSION_ABSOLUTE_HOURS * 3_600_000) },
    logLevel: e.LOG_LEVEL,
    loginThrottle: {
      account: { freeAttempts: e.LOGIN_FREE_ATTEMPTS, baseDelayMs: e.LOGIN_BASE_DELAY_MS, maxDelayMs: e.LOGIN_MAX_DELAY_SECONDS * 1000, decayMs: Math.round(e.LOGIN_DECAY_MINUTES * 60_000) },
      ip: { freeAttempts: e.LOGIN_IP_FREE_ATTEMPTS, baseDelayMs: e.LOGIN_BASE_DELAY_MS, maxDelayMs: e.LOGIN_MAX_DELAY_SECONDS * 1000, decayMs: Math.round(e.LOGIN_DECAY_MINUTES * 60_000) },
    },
    rateLimit: { max: e.RATE_LIMIT_PUBLIC_MAX, windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    /** FORM_MIN_FILL_SECONDS: the least time between serving a lead form and a real submission of it. */
    formMinFillSeconds: e.FORM_MIN_FILL_SECONDS,
    apiKeyRateLimit: { max: e.API_KEY_RATE_LIMIT, windowMs: 60_000 },
    statusCheckIntervalSeconds: e.STATUS_CHECK_INTERVAL_SECONDS,
    seed: e.SEED === '1' || e.SEED === 'true' || e.SEED === 'on',
  };
}
