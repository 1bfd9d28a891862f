/**
 * Rotating the secrets key (`npm run secrets:rotate`, docs/SECURITY.md "Secrets at rest") on a real PostgreSQL:
 * every stored secret is re-sealed with the new key in one transaction (a value still in clear is sealed on the
 * way), the database then expects the new key and refuses the old one; with the key file the previous key is kept
 * under its fingerprint's name; a rotation interrupted before the files were swapped is finished by the next run;
 * a value that does not open leaves everything as it was; the command refuses while other sessions are connected.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SecretBox, createSecretBox, ensureWebhookTables, secretContext } from '@crm/projections';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import {
  NEW_SECRETS_KEY_FILE,
  SECRETS_KEY_FILE,
  openSecretBox,
  previousKeyFileName,
  resealSecrets,
  rotateSecretsKey,
} from '../../src/platform/secrets-key.ts';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { freePort } from '../../../test-support/ports.ts';

let db: TestDatabase;
let pool: pg.Pool;
let dataDir: string;

beforeEach(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  // Dropping the database at the end terminates clients still closing: not a failure of these tests.
  pool.on('error', () => {});
  await migrateDatabase(pool);
  await ensureWebhookTables(pool);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-rotate-'));
});
afterEach(async () => {
  await pool?.end();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const webhookId = randomUUID();
const userId = `u-${randomUUID()}`;

/** A webhook's two secrets and the Slack URL sealed with `box`, and a TOTP key still in clear (an older version's). */
async function storeSecrets(box: SecretBox): Promise<void> {
  await pool.query(`INSERT INTO auth_user (id, email, password_hash) VALUES ($1, $2, 'x')`, [userId, `${userId}@example.com`]);
  const ctx = secretContext.webhook(webhookId);
  await pool.query('INSERT INTO webhook_credentials (webhook_id, secret, previous_secret) VALUES ($1, $2, $3)', [webhookId, box.seal('whsec_new', ctx), box.seal('whsec_old', ctx)]);
  await pool.query(`INSERT INTO integration_credential (integration_id, secret) VALUES ('slack', $1)`, [box.seal('https://hooks.slack.com/services/T/B/X', secretContext.integration('slack'))]);
  await pool.query('INSERT INTO auth_mfa (user_id, totp_key) VALUES ($1, $2)', [userId, 'ab'.repeat(20)]);
}

/** Every stored secret, opened with `box` (throws if one does not open). */
async function openAll(box: SecretBox): Promise<string[]> {
  const wh = (await pool.query('SELECT secret, previous_secret FROM webhook_credentials WHERE webhook_id = $1', [webhookId])).rows[0];
  const slack = (await pool.query(`SELECT secret FROM integration_credential WHERE integration_id = 'slack'`)).rows[0];
  const mfa = (await pool.query('SELECT totp_key FROM auth_mfa WHERE user_id = $1', [userId])).rows[0];
  return [
    box.open(wh.secret, secretContext.webhook(webhookId)),
    box.open(wh.previous_secret, secretContext.webhook(webhookId)),
    box.open(slack.secret, secretContext.integration('slack')),
    box.open(mfa.totp_key, secretContext.mfa(userId)),
  ];
}
const STORED = ['whsec_new', 'whsec_old', 'https://hooks.slack.com/services/T/B/X', 'ab'.repeat(20)];

/** This process's environment without the settings a test gives the command itself. */
function processEnv(): NodeJS.ProcessEnv {
  const { SECRETS_KEY: _key, NEW_SECRETS_KEY: _newKey, DATABASE_URL: _url, ...inherited } = process.env;
  return { ...inherited, LOG_LEVEL: 'silent' };
}

/** `npm run secrets:rotate`'s program (its source through tsx, as the build bundles it): exit code and output. */
async function rotateCommand(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; out: string }> {
  const root = path.resolve(import.meta.dirname, '../../..');
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'services/src/secrets-rotate.ts', ...args], { cwd: root, env });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('rotating the secrets key', () => {
  it('with the key file: re-seals everything, swaps the files, keeps the previous key; the old key no longer opens them', async () => {
    const before = await openSecretBox(pool, { secretsKey: null, dataDir });
    await storeSecrets(before);

    const result = await rotateSecretsKey(pool, { secretsKey: null, newSecretsKey: null, dataDir });
    expect(result).toMatchObject({ resealed: 4, completedInterrupted: false, previousKeyFile: path.join(dataDir, previousKeyFileName(before.fingerprint)) });
    expect(result.fingerprint).not.toBe(before.fingerprint);

    const after = await openSecretBox(pool, { secretsKey: null, dataDir });
    expect(after.fingerprint).toBe(result.fingerprint);
    expect(await openAll(after)).toEqual(STORED);
    await expect(openAll(before)).rejects.toThrow();
    expect(statSync(path.join(dataDir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
    const kept = Buffer.from(readFileSync(result.previousKeyFile!, 'utf8').trim(), 'base64');
    expect(createSecretBox(kept).fingerprint).toBe(before.fingerprint);
    expect(existsSync(path.join(dataDir, NEW_SECRETS_KEY_FILE))).toBe(false);
    // A process still holding the old key is refused at start.
    await expect(openSecretBox(pool, { secretsKey: kept, dataDir })).rejects.toThrow(/is not the one/);
  });

  it('with SECRETS_KEY: needs NEW_SECRETS_KEY; afterwards the database expects the new key', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = await openSecretBox(pool, { secretsKey: oldKey, dataDir });
    await storeSecrets(before);
    await expect(rotateSecretsKey(pool, { secretsKey: oldKey, newSecretsKey: null, dataDir })).rejects.toThrow(/NEW_SECRETS_KEY/);
    await expect(rotateSecretsKey(pool, { secretsKey: oldKey, newSecretsKey: oldKey, dataDir })).rejects.toThrow(/in use/);

    const result = await rotateSecretsKey(pool, { secretsKey: oldKey, newSecretsKey: newKey, dataDir });
    expect(result).toMatchObject({ resealed: 4, previousKeyFile: null, fingerprint: createSecretBox(newKey).fingerprint });
    await expect(openSecretBox(pool, { secretsKey: oldKey, dataDir })).rejects.toThrow(/is not the one/);
    expect(await openAll(await openSecretBox(pool, { secretsKey: newKey, dataDir }))).toEqual(STORED);
    expect(existsSync(path.join(dataDir, SECRETS_KEY_FILE))).toBe(false);
  });

  it('finishes a rotation interrupted after the database was re-sealed (the start-up error says how)', async () => {
    const before = await openSecretBox(pool, { secretsKey: null, dataDir });
    await storeSecrets(before);
    // As a crash between the commit and the swap leaves it: the new key in secrets.key.new, the database sealed with it.
    const newKey = randomBytes(32);
    writeFileSync(path.join(dataDir, NEW_SECRETS_KEY_FILE), `${newKey.toString('base64')}\n`, { mode: 0o600 });
    await resealSecrets(pool, before, createSecretBox(newKey));
    await expect(openSecretBox(pool, { secretsKey: null, dataDir })).rejects.toThrow(/rotation was interrupted.*secrets:rotate/);

    const result = await rotateSecretsKey(pool, { secretsKey: null, newSecretsKey: null, dataDir });
    expect(result).toMatchObject({ resealed: 0, completedInterrupted: true, fingerprint: createSecretBox(newKey).fingerprint });
    expect(await openAll(await openSecretBox(pool, { secretsKey: null, dataDir }))).toEqual(STORED);
  });

  it('changes nothing when a stored value does not open with the current key', async () => {
    const before = await openSecretBox(pool, { secretsKey: null, dataDir });
    await storeSecrets(before);
    // A value sealed under another row (copied there): it does not open, so the rotation stops before any write lands.
    const copied = before.seal('whsec_elsewhere', secretContext.webhook(randomUUID()));
    await pool.query('UPDATE webhook_credentials SET previous_secret = $2 WHERE webhook_id = $1', [webhookId, copied]);
    const snapshot = async () => (await pool.query('SELECT secret, previous_secret FROM webhook_credentials UNION ALL SELECT secret, NULL FROM integration_credential')).rows;
    const stored = await snapshot();

    await expect(rotateSecretsKey(pool, { secretsKey: null, newSecretsKey: null, dataDir })).rejects.toThrow();
    expect(await snapshot()).toEqual(stored);
    expect((await openSecretBox(pool, { secretsKey: null, dataDir })).fingerprint).toBe(before.fingerprint);
    expect(existsSync(path.join(dataDir, NEW_SECRETS_KEY_FILE))).toBe(false);
  });

  it('the command refuses while other sessions are connected, and rotates with --force', async () => {
    const before = await openSecretBox(pool, { secretsKey: null, dataDir });
    await storeSecrets(before);
    const holder = await pool.connect(); // another session, as a running api's would be
    const env = { ...processEnv(), DATABASE_URL: db.url, DATA_DIR: dataDir };
    const cli = (...args: string[]) => rotateCommand(env, ...args);
    try {
      const refused = await cli();
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/other session\(s\) are connected.*stop the api and worker processes first/);
      expect((await openSecretBox(pool, { secretsKey: null, dataDir })).fingerprint).toBe(before.fingerprint);

      expect(await cli('--nonsense')).toMatchObject({ code: 2 });
      const forced = await cli('--force');
      expect(forced.out).toMatch(/Secrets key rotated: 4 stored secret\(s\) re-sealed/);
      expect(forced.code).toBe(0);
    } finally {
      holder.release();
    }
    expect(await openAll(await openSecretBox(pool, { secretsKey: null, dataDir }))).toEqual(STORED);
  }, 60_000);

  it('on the embedded default: rotates when the app is stopped, refuses while a process holds the cluster', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'crm-rotate-embedded-'));
    const env = { ...processEnv(), DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()) };
    const cli = () => rotateCommand(env);
    try {
      const first = await cli(); // no app: the command starts the cluster itself (and makes the first key)
      expect(first.out).toMatch(/Secrets key rotated/);
      expect(first.code).toBe(0);
      // A live process owning the cluster, as `npm start` would be.
      const held = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: Number(env.EMBEDDED_PG_PORT) });
      try {
        const key = readFileSync(path.join(dir, SECRETS_KEY_FILE), 'utf8');
        const refused = await cli();
        expect(refused.code).toBe(1);
        expect(refused.out).toMatch(/the app is running on this data directory: stop it first/);
        expect(readFileSync(path.join(dir, SECRETS_KEY_FILE), 'utf8')).toBe(key);
      } finally {
        await held.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
