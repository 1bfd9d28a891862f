/**
 * The secrets key (docs/SECURITY.md "Secrets at rest"): SECRETS_KEY, else a key generated once into
 * `<DATA_DIR>/secrets.key` (mode 0600; the embedded default keeps it beside the database files, as it keeps
 * everything). The database remembers the key's fingerprint: a process started with another key refuses to start
 * (it could not open what the others sealed), naming both fingerprints. At start-up, values stored in clear before
 * sealing existed are sealed (`sealStoredSecrets`).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { SEALED_PREFIX, createSecretBox, secretContext, type SecretBox } from '@crm/projections';

export const SECRETS_KEY_FILE = 'secrets.key';

/** The fingerprint of the key the database's secrets are sealed with (created by migrateDatabase). */
export const SECRETS_KEY_CHECK_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS secrets_key_check (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * The key file's key, created when there is none: written whole to a file of its own, then linked into place, which
 * fails if another process starting at the same moment linked its key first (then everyone reads that one).
 */
function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

/** The box of SECRETS_KEY or of the key file, checked against the key this database was sealed with. */
export async function openSecretBox(pool: pg.Pool, options: { secretsKey: Buffer | null; dataDir: string }): Promise<SecretBox> {
  const box = createSecretBox(options.secretsKey ?? keyFromFile(options.dataDir));
  await pool.query('INSERT INTO secrets_key_check (fingerprint) VALUES ($1) ON CONFLICT (id) DO NOTHING', [box.fingerprint]);
  const { rows } = await pool.query<{ fingerprint: string }>('SELECT fingerprint FROM secrets_key_check');
  const known = rows[0]!.fingerprint;
  if (known !== box.fingerprint) {
    throw new Error(
      `the secrets key (fingerprint ${box.fingerprint}) is not the one this database's secrets are sealed with (fingerprint ${known}): ` +
        `give every process the same SECRETS_KEY (or the same ${SECRETS_KEY_FILE} in DATA_DIR)`,
    );
  }
  return box;
}

/** Each sealed column: its table, key column, columns and the additional data of a row. */
const SEALED_COLUMNS = [
  { table: 'webhook_credentials', key: 'webhook_id', columns: ['secret', 'previous_secret'], context: secretContext.webhook },
  { table: 'integration_credential', key: 'integration_id', columns: ['secret'], context: secretContext.integration },
  { table: 'auth_mfa', key: 'user_id', columns: ['totp_key', 'pending_key'], context: secretContext.mfa },
] as const;

/** Seals every value still stored in clear (written before sealing existed); returns how many. Idempotent. */
export async function sealStoredSecrets(pool: pg.Pool, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (const { table, key, columns, context } of SEALED_COLUMNS) {
    const { rows: present } = await pool.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [table]);
    if (!present[0]!.ok) continue;
    for (const column of columns) {
      const { rows } = await pool.query<{ id: string; value: string }>(
        `SELECT ${key}::text AS id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND left(${column}, ${SEALED_PREFIX.length}) <> $1`,
        [SEALED_PREFIX],
      );
      for (const row of rows) {
        // Only if unchanged meanwhile (another process sealing, or a rotation).
        const done = await pool.query(`UPDATE ${table} SET ${column} = $3 WHERE ${key}::text = $1 AND ${column} = $2`, [row.id, row.value, box.seal(row.value, context(row.id))]);
        sealed += done.rowCount ?? 0;
      }
    }
  }
  return sealed;
}
