import path from 'node:path';
import { startEmbeddedPostgres } from '../services/src/db/embedded-postgres.ts';

/** Starts one embedded PostgreSQL for the whole test run (files under .data/test-pg, wiped per cluster start). */
export default async function setup() {
  const port = 25432 + Math.floor(Math.random() * 2000);
  const dir = path.resolve(import.meta.dirname, '../.data/test-pg');
  const handle = await startEmbeddedPostgres({ dir, port, database: 'postgres' });
  process.env.CRM_TEST_EMBEDDED_PG_URL = handle.url;
  return async () => {
    await handle.stop();
  };
}
