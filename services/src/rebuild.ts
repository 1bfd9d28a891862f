import pg from 'pg';
import path from 'node:path';
import { runRebuildCli } from '@crm/projections';
import { loadConfig } from './config/config.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { createEventStore } from './eventstore/create-event-store.ts';

/** `npm run rebuild -- <projection>|--all`: rebuilds while the API keeps serving the old read model, then swaps. */
const config = loadConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), port: config.embeddedPgPort });
const databaseUrl = config.databaseUrl ?? embedded!.url;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl });
let code = 1;
try {
  // On PostgreSQL the progress total is one count; other stores are counted by reading once.
  const countEvents =
    store.kind === 'postgres' ? async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n) : undefined;
  code = await runRebuildCli(process.argv.slice(2), { pool, store, ...(countEvents ? { countEvents } : {}) });
} finally {
  await store.close();
  await pool.end();
  await embedded?.stop();
}
process.exit(code);
