import path from 'node:path';
import { z } from 'zod';
import { isValidTimeZone } from '@crm/contracts';

/** Every environment variable the platform reads (documented in README.md, "Configuration"). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'projector', 'worker']).default('all'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  EVENTSTORE_URL: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CRM Platform <no-reply@crm.localhost>'),
  BUSINESS_TZ: z.string().refine(isValidTimeZone, 'must be an IANA time zone').default('Europe/Paris'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().min(0.1).max(24 * 30).default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    eventStoreUrl: e.EVENTSTORE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    mailDir: path.join(dataDir, 'mail'),
    businessTimeZone: e.BUSINESS_TZ,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
    publicUrl: e.PUBLIC_URL ?? null,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: Math.round(e.SESSION_ABSOLUTE_HOURS * 3_600_000) },
    logLevel: e.LOG_LEVEL,
  };
}
