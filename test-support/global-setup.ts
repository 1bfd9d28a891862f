import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../services/src/db/embedded-postgres.ts';

/**
 * Starts one embedded PostgreSQL for the whole test run. Each run gets its own cluster directory
 * (concurrent runs must not share one), removed when the run ends.
 */
export default async function setup() {
  const port = 25432 + Math.floor(Math.random() * 2000);
  const parent = path.resolve(import.meta.dirname, '../.data/test-pg');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, 'run-'));
  rmSync(dir, { recursive: true });
  const handle = await startEmbeddedPostgres({ dir, port, database: 'postgres' });
  process.env.CRM_TEST_EMBEDDED_PG_URL = handle.url;
  // Files shared by this run's test files (the web build of test-support/browser.ts).
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'crm-test-run-'));
  process.env.CRM_TEST_RUN_DIR = runDir;
  return async () => {
    await handle.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  };
}
