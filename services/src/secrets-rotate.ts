import path from 'node:path';
import pg from 'pg';
import { loadConfig } from './config/config.ts';
import { configuredDatabase } from './db/embedded-postgres.ts';
import { migrateDatabase } from './db/migrate.ts';
import { SECRETS_KEY_FILE, rotateSecretsKey } from './platform/secrets-key.ts';

/**
 * `npm run secrets:rotate [-- --force]` (docs/SECURITY.md "Secrets at rest"): re-seals every stored secret with a new
 * secrets key, in one transaction, with the same configuration as `npm start` (DATA_DIR, DATABASE_URL, SECRETS_KEY).
 * Every api and worker process must be stopped first: a running one keeps the old key and would seal new secrets
 * with it. On the embedded default the command refuses while the app runs; with DATABASE_URL it refuses while
 * other sessions are connected to the database, unless `--force` (they are not the app's).
 * - SECRETS_KEY set: the new key is NEW_SECRETS_KEY; then replace SECRETS_KEY by it in every process's settings.
 * - Otherwise: the new key (NEW_SECRETS_KEY, else generated) replaces DATA_DIR/secrets.key, and the previous key is
 *   kept as secrets.key.<fingerprint>.old, for backups taken before the rotation.
 * Exit code 0 when rotated, 1 when refused or failed (nothing changed), 2 for wrong arguments.
 */
const args = process.argv.slice(2);
if (args.some((a) => a !== '--force')) {
  console.error('Usage: npm run secrets:rotate [-- --force]   (NEW_SECRETS_KEY=<32 bytes in base64> when SECRETS_KEY is set)');
  process.exit(2);
}
const force = args.includes('--force');
const config = loadConfig();
if (config.secretsKey && !config.newSecretsKey) {
  console.error('SECRETS_KEY is set: give the new key as NEW_SECRETS_KEY (openssl rand -base64 32), then put it in SECRETS_KEY.');
  process.exit(2);
}
const { url, embedded } = await configuredDatabase(config);
const pool = new pg.Pool({ connectionString: url, max: 2 });
let code = 1;
try {
  if (embedded && !embedded.owned) throw new Error('the app is running on this data directory: stop it first (a running process would keep sealing with the old key)');
  const { rows } = await pool.query<{ n: number; names: string }>(
    `SELECT count(*)::int AS n, string_agg(DISTINCT coalesce(nullif(application_name, ''), '(unnamed)'), ', ') AS names
       FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
  );
  // The pool's own second connection is not open yet (max 2, one query at a time).
  if (rows[0]!.n > 0 && !force) {
    throw new Error(`${rows[0]!.n} other session(s) are connected to the database (${rows[0]!.names}): stop the api and worker processes first, or pass --force if these are not the app's`);
  }
  await migrateDatabase(pool);
  const result = await rotateSecretsKey(pool, { secretsKey: config.secretsKey, newSecretsKey: config.newSecretsKey, dataDir: config.dataDir });
  if (result.completedInterrupted) console.log('Finished an interrupted rotation: the database was already sealed with the new key; the key files are now swapped.');
  else console.log(`Secrets key rotated: ${result.resealed} stored secret(s) re-sealed; the new key's fingerprint is ${result.fingerprint}.`);
  if (result.previousKeyFile) {
    console.log(`The new key is in ${path.join(config.dataDir, SECRETS_KEY_FILE)}; the previous one is kept in ${result.previousKeyFile} (it opens backups taken before now: delete it when they are gone).`);
  } else if (config.secretsKey) {
    console.log('Now set SECRETS_KEY to the value of NEW_SECRETS_KEY for every process, then start them.');
  }
  console.log('Lead forms served before now must be reloaded (their tokens were signed with a key derived from the old one).');
  code = 0;
} catch (err) {
  console.error(`Could not rotate the secrets key (nothing changed): ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await pool.end();
  await embedded?.stop();
}
process.exit(code);
