/**
 * A real running platform for e2e tests: fresh database, all roles, HTTP on a random loopback port,
 * and a known admin account.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../services/src/config/config.ts';
import { startPlatform, type Platform } from '../services/src/app/platform.ts';
import { createTestDatabase, type PgSetup } from './db.ts';

export interface TestApp {
  baseUrl: string;
  admin: { email: string; password: string };
  platform: Platform;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestApp(
  options: { setup?: PgSetup; smtpUrl?: string; redisUrl?: string; env?: Record<string, string>; /** The services' clock (default: the real one). */ now?: () => Date } = {},
): Promise<TestApp> {
  const db = await createTestDatabase(options.setup ?? 'external');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-test-'));
  const admin = { email: 'admin@example.com', password: 'correct-horse-battery-staple' };
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // Suites post many public requests from 127.0.0.1: no per-IP rate limit unless a test sets one (env).
    RATE_LIMIT_PUBLIC_MAX: '0',
    // No CRM demo data in tests (a test that checks the start-up seed sets SEED=1).
    SEED: '0',
    // Two test files run side by side against one PostgreSQL of 100 connections, and a file may hold two apps.
    // Besides its pool an app holds one connection for the advisory locks of its projections and reactors, one
    // for the event subscription and one for the status recorder; each of its PostgreSQL queues and workers has
    // a pool of its own (BullMQ runs one at 1: a worker listens on a connection of its own). With BullMQ's
    // default (10 per queue) and a connection per projection and reactor, three apps and the tests' own clients
    // passed 100 ("too many clients already"); services/test/platform/connection-budget.e2e.spec.ts checks the sum.
    DATABASE_POOL_MAX: '10',
    QUEUE_POOL_MAX: '1',
    // An idle pooled connection closes after 10 s (node-postgres' default), not the app's 10 min: an app idle
    // between tests hands its connections back for the other file's apps.
    DATABASE_IDLE_TIMEOUT_MS: '10000',
    // Nor does it open and keep the app's 8 at start (connection-budget.e2e.spec.ts checks them).
    DATABASE_POOL_MIN: '0',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  });
  const platform = await startPlatform(config, { log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), ...(options.now ? { now: options.now } : {}) });
  const baseUrl = platform.url!;
  // Wait until every role reports ready.
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${baseUrl}/healthz`).catch(() => null);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    admin,
    platform,
    dataDir,
    async stop() {
      await platform.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
