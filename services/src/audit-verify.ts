import pg from 'pg';
import { auditVerifyInput } from '@crm/contracts';
import { auditEventsApplied, verifyAuditChain } from '@crm/projections';
import { loadConfig } from './config/config.ts';
import { configuredDatabase } from './db/embedded-postgres.ts';

/**
 * `npm run audit:verify [-- --expect-head <position>:<hash>]`: walks the audit log's hash chain in global order, in
 * batches (flat memory), and reports the first broken entry; entries missing at the end (fewer than the events the
 * audit projection has applied, or than the recorded head holds); a recorded head whose entry changed. Prints the
 * head to record outside the database. Exit code 0 when the chain verifies, 1 when it does not, 2 when it could not be
 * read or the arguments are wrong. Works while the app runs (same configuration as `npm start`: DATA_DIR, DATABASE_URL).
 */
const args = process.argv.slice(2);
const flag = args.indexOf('--expect-head');
const parsed = auditVerifyInput.safeParse(flag >= 0 ? { expectHead: args[flag + 1] ?? '' } : {});
if (!parsed.success || args.some((a) => a.startsWith('--') && a !== '--expect-head') || (flag < 0 && args.length > 0)) {
  console.error(`Usage: npm run audit:verify [-- --expect-head <position>:<hash>]${parsed.success ? '' : `\n  --expect-head ${parsed.error.issues[0]!.message}`}`);
  process.exit(2);
}
const config = loadConfig();
const { url, embedded } = await configuredDatabase(config);
const pool = new pg.Pool({ connectionString: url, max: 2 });
let code = 2;
try {
  const started = performance.now();
  const tty = process.stderr.isTTY;
  const expectedEntries = await auditEventsApplied(pool);
  const result = await verifyAuditChain(pool, {
    expectedEntries,
    ...(parsed.data.expectHead ? { expectHead: parsed.data.expectHead } : {}),
    onProgress: (checked) => tty && process.stderr.write(`\r  checked ${checked.toLocaleString('en')} entries`),
  });
  if (tty) process.stderr.write('\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.ok) {
    console.log(`Audit chain verified: ${result.checked} entries, no broken link${expectedEntries === null ? '' : ', none missing'} (${seconds} s).`);
    code = 0;
  } else if (result.firstBroken) {
    const b = result.firstBroken;
    console.log(`Audit chain BROKEN at entry ${b.position} (id ${b.entryId}) after ${result.checked} good entries.`);
    console.log(`  expected hash ${b.expectedHash}`);
    console.log(`  stored hash   ${b.actualHash}`);
    code = 1;
  } else if (result.headMismatch) {
    const m = result.headMismatch;
    console.log(`Audit chain CHANGED: entry ${m.position} has hash ${m.actualHash}, the recorded head says ${m.expectedHash}.`);
    code = 1;
  } else {
    const m = result.missing!;
    console.log(`Audit chain TRUNCATED: ${m.found} entries, ${m.expected} expected (${m.expected - m.found} missing at the end).`);
    code = 1;
  }
  if (result.head) console.log(`Head (record it outside the database, pass it back with --expect-head): ${result.head.position}:${result.head.hash}`);
  console.log(JSON.stringify(result));
} catch (err) {
  console.error(`Could not verify the audit chain: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await pool.end();
  await embedded?.stop();
}
process.exit(code);
