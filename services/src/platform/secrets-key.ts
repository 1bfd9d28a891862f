/**
 * The secrets key (docs/SECURITY.md "Secrets at rest"): SECRETS_KEY, else a key generated once into
 * `<DATA_DIR>/secrets.key` (mode 0600; the embedded default keeps it beside the database files, as it keeps
 * everything). The database remembers the key's fingerprint: a process started with another key refuses to start
 * (it could not open what the others sealed), naming both fingerprints. At start-up, values stored in clear before
 * sealing existed are sealed (`sealStoredSecrets`).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
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

/** Where `npm run secrets:rotate` writes the new key before the database is re-sealed. */
export const NEW_SECRETS_KEY_FILE = `${SECRETS_KEY_FILE}.new`;
/** Where it keeps a previous key (named by its fingerprint: each rotation keeps its own). */
export const previousKeyFileName = (fingerprint: string) => `${SECRETS_KEY_FILE}.${fingerprint.slice(0, 12)}.old`;

/** A key written whole to a file of its own (owner-only), then linked into place; false if `file` exists already. */
function writeKeyFile(file: string, key: Buffer): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    unlinkSync(draft);
  }
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

/**
 * The key file's key, created when there is none (linked into place, so that of two processes starting at the same
 * moment, the second reads the first one's key).
 */
function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) writeKeyFile(file, randomBytes(32));
  return readKeyFile(file);
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
        `give every process the same SECRETS_KEY (or the same ${SECRETS_KEY_FILE} in DATA_DIR)` +
        (!options.secretsKey && existsSync(path.join(options.dataDir, NEW_SECRETS_KEY_FILE))
          ? `; ${NEW_SECRETS_KEY_FILE} is there: a key rotation was interrupted, run \`npm run secrets:rotate\` again to finish it`
          : ''),
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

/** Each sealed column of a table that exists (the webhook and integration tables are made by their modules). */
async function* sealedColumns(db: pg.Pool | pg.PoolClient) {
  for (const { table, key, columns, context } of SEALED_COLUMNS) {
    const { rows: present } = await db.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [table]);
    if (!present[0]!.ok) continue;
    for (const column of columns) yield { table, key, column, context };
  }
}

/** Seals every value still stored in clear (written before sealing existed); returns how many. Idempotent. */
export async function sealStoredSecrets(pool: pg.Pool, box: SecretBox): Promise<number> {
  let sealed = 0;
  for await (const { table, key, column, context } of sealedColumns(pool)) {
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
  return sealed;
}

/**
 * Re-seals every stored secret from one key to another and records the new key's fingerprint, in one transaction:
 * either everything opens with the new key afterwards, or nothing changed. A value still in clear is sealed on
 * the way. Throws (changing nothing) if the database is not sealed with `from`, or a value does not open with it.
 */
export async function resealSecrets(pool: pg.Pool, from: SecretBox, to: SecretBox): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ fingerprint: string }>('SELECT fingerprint FROM secrets_key_check FOR UPDATE');
    if (rows[0]?.fingerprint !== from.fingerprint) {
      throw new Error(`the database's secrets are sealed with the key of fingerprint ${rows[0]?.fingerprint ?? '(none)'}, not ${from.fingerprint}`);
    }
    let resealed = 0;
    for await (const { table, key, column, context } of sealedColumns(client)) {
      const values = await client.query<{ id: string; value: string }>(`SELECT ${key}::text AS id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL FOR UPDATE`);
      for (const row of values.rows) {
        const plain = from.open(row.value, context(row.id));
        await client.query(`UPDATE ${table} SET ${column} = $2 WHERE ${key}::text = $1`, [row.id, to.seal(plain, context(row.id))]);
        resealed++;
      }
    }
    await client.query('UPDATE secrets_key_check SET fingerprint = $1, created_at = now()', [to.fingerprint]);
    await client.query('COMMIT');
    return resealed;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export interface SecretsRotation {
  /** Stored secrets re-sealed with the new key. */
  resealed: number;
  /** The new key's fingerprint (what the database now expects). */
  fingerprint: string;
  /** Key file mode: the previous key, kept to open backups taken before the rotation. */
  previousKeyFile: string | null;
  /** An earlier rotation had re-sealed the database but not swapped the key files: only the swap was done. */
  completedInterrupted: boolean;
}

/**
 * `npm run secrets:rotate` (docs/SECURITY.md "Secrets at rest"), every api and worker process stopped. With
 * SECRETS_KEY set, the new key is NEW_SECRETS_KEY and the deployment's SECRETS_KEY must then be replaced by it.
 * With the key file, the new key (NEW_SECRETS_KEY, else generated) is written to `secrets.key.new` first, the
 * database re-sealed, then the files swapped (`secrets.key` → `secrets.key.<fingerprint>.old`, `.new` →
 * `secrets.key`): a crash in between leaves both keys on disk, and the next run finishes the swap.
 */
export async function rotateSecretsKey(
  pool: pg.Pool,
  options: { secretsKey: Buffer | null; newSecretsKey: Buffer | null; dataDir: string },
): Promise<SecretsRotation> {
  if (options.secretsKey && !options.newSecretsKey) throw new Error('SECRETS_KEY is set: give the new key as NEW_SECRETS_KEY (openssl rand -base64 32)');
  const keyFile = !options.secretsKey;
  const file = path.join(options.dataDir, SECRETS_KEY_FILE);
  const newFile = path.join(options.dataDir, NEW_SECRETS_KEY_FILE);
  /** The current key file kept under its fingerprint's name, then the new one put in its place. */
  const swap = (): string | null => {
    let kept: string | null = null;
    if (existsSync(file)) {
      kept = path.join(options.dataDir, previousKeyFileName(createSecretBox(readKeyFile(file)).fingerprint));
      renameSync(file, kept);
    }
    renameSync(newFile, file);
    return kept;
  };
  if (keyFile && existsSync(newFile)) {
    const pending = createSecretBox(readKeyFile(newFile));
    const { rows } = await pool.query<{ fingerprint: string }>('SELECT fingerprint FROM secrets_key_check');
    if (rows[0]?.fingerprint === pending.fingerprint) {
      return { resealed: 0, fingerprint: pending.fingerprint, previousKeyFile: swap(), completedInterrupted: true };
    }
    unlinkSync(newFile); // a rotation that failed before re-sealing: its key was never used
  }
  const from = await openSecretBox(pool, { secretsKey: options.secretsKey, dataDir: options.dataDir });
  const newKey = options.newSecretsKey ?? randomBytes(32);
  const to = createSecretBox(newKey);
  if (to.fingerprint === from.fingerprint) throw new Error('NEW_SECRETS_KEY is the key in use');
  if (!keyFile) return { resealed: await resealSecrets(pool, from, to), fingerprint: to.fingerprint, previousKeyFile: null, completedInterrupted: false };
  if (!writeKeyFile(newFile, newKey)) throw new Error(`${NEW_SECRETS_KEY_FILE} appeared meanwhile: is another rotation running?`);
  let resealed: number;
  try {
    resealed = await resealSecrets(pool, from, to);
  } catch (err) {
    unlinkSync(newFile);
    throw err;
  }
  return { resealed, fingerprint: to.fingerprint, previousKeyFile: swap(), completedInterrupted: false };
}
