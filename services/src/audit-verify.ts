import pg from 'pg';
import path from 'node:path';
import { verifyAuditChain } from '@crm/projections';
import { loadConfig } from './config/config.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';

/**
 * `npm run audit:verify`: walks the audit log's hash chain in global order, in batches (flat memory), and reports
 * the first broken entry. Exit code 0 when the chain verifies, 1 when it is broken, 2 when it could not be read.
 * Works while the app runs (same configuration as `npm start`: DATA_DIR, DATABASE_URL).
 */
const config = loadConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), port: config.embeddedPgPort });
const pool = new pg.Pool({ connectionString: config.databaseUrl ?? embedded!.url, max: 2 });
let code = 2;
try {
  const started = performance.now();
  const tty = process.stderr.isTTY;
  const result = await verifyAuditChain(pool, { onProgress: (checked) => tty && process.stderr.write(`\r  checked ${checked.toLocaleString('en')} entries`) });
  if (tty) process.stderr.write('\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.ok) {
    console.log(`Audit chain verified: ${result.checked} entries, no broken link (${seconds} s).`);
    code = 0;
  } else {
    const b = result.firstBroken!;
    console.log(`Audit chain BROKEN at entry ${b.position} (id ${b.entryId}) after ${result.checked} good entries.`);
    console.log(`  expected hash ${b.expectedHash}`);
    console.log(`  stored hash   ${b.actualHash}`);
    code = 1;
  }
  console.log(JSON.stringify(result));
} catch (err) {
  console.error(`Could not verify the audit chain: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await pool.end();
  await embedded?.stop();
}
process.exit(code);
