/**
 * The secrets key and the start-up sealing (docs/SECURITY.md "Secrets at rest") on a real PostgreSQL: the key file
 * is created once (0600) and reused, the database refuses another key naming both fingerprints, and the values
 * stored in clear by an older version are sealed (webhook secrets, the Slack URL, TOTP keys), once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebhookTables, isSealed, secretContext } from '@crm/projections';
import pino from 'pino';
import { startPlatform } from '../../src/app/platform.ts';
import { loadConfig } from '../../src/config/config.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { SECRETS_KEY_FILE, openSecretBox, sealStoredSecrets } from '../../src/platform/secrets-key.ts';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';

let db: TestDatabase;
let pool: pg.Pool;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  // Dropping the database at the end terminates clients still closing: not a failure of these tests.
  pool.on('error', () => {});
  await migrateDatabase(pool);
  await ensureWebhookTables(pool);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-secrets-'));
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the secrets key', () => {
  it('is generated once into DATA_DIR (owner-only) and kept; another key is refused, naming both fingerprints', async () => {
    const first = await openSecretBox(pool, { secretsKey: null, dataDir });
    expect(statSync(path.join(dataDir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = await openSecretBox(pool, { secretsKey: null, dataDir });
    expect(again.fingerprint).toBe(first.fingerprint);
    expect(again.open(first.seal('s', 'c'), 'c')).toBe('s');
    const other = randomBytes(32);
    await expect(openSecretBox(pool, { secretsKey: other, dataDir })).rejects.toThrow(new RegExp(`${first.fingerprint}.*SECRETS_KEY|SECRETS_KEY.*${first.fingerprint}`));
  });

  it('seals the values stored in clear before, once, and they open to what they were', async () => {
    const box = await openSecretBox(pool, { secretsKey: null, dataDir });
    const webhookId = randomUUID();
    const userId = `u-${randomUUID()}`;
    await pool.query(
      `INSERT INTO auth_user (id, email, password_hash) VALUES ($1, $2, 'x')`,
      [userId, `${userId}@example.com`],
    );
    await pool.query('INSERT INTO webhook_credentials (webhook_id, secret, previous_secret) VALUES ($1, $2, $3)', [webhookId, 'whsec_new', 'whsec_old']);
    await pool.query(`INSERT INTO integration_credential (integration_id, secret) VALUES ('slack', 'https://hooks.slack.com/services/T/B/X')`);
    await pool.query('INSERT INTO auth_mfa (user_id, totp_key, pending_key) VALUES ($1, $2, NULL)', [userId, 'ab'.repeat(20)]);

    expect(await sealStoredSecrets(pool, box)).toBe(4);
    expect(await sealStoredSecrets(pool, box)).toBe(0);

    const wh = (await pool.query('SELECT secret, previous_secret FROM webhook_credentials WHERE webhook_id = $1', [webhookId])).rows[0];
    const slack = (await pool.query(`SELECT secret FROM integration_credential WHERE integration_id = 'slack'`)).rows[0];
    const mfa = (await pool.query('SELECT totp_key, pending_key FROM auth_mfa WHERE user_id = $1', [userId])).rows[0];
    for (const v of [wh.secret, wh.previous_secret, slack.secret, mfa.totp_key]) expect(isSealed(v)).toBe(true);
    expect(mfa.pending_key).toBeNull();
    expect(box.open(wh.secret, secretContext.webhook(webhookId))).toBe('whsec_new');
    expect(box.open(wh.previous_secret, secretContext.webhook(webhookId))).toBe('whsec_old');
    expect(box.open(slack.secret, secretContext.integration('slack'))).toBe('https://hooks.slack.com/services/T/B/X');
    expect(box.open(mfa.totp_key, secretContext.mfa(userId))).toBe('ab'.repeat(20));
  });

  it('a projector-only process needs no key (it never touches a secret); a worker with another key is refused', async () => {
    const otherKey = randomBytes(32).toString('base64');
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'crm-secrets-role-'));
    const config = (role: string) => loadConfig({ DATABASE_URL: db.url, DATA_DIR: otherDir, ROLE: role, SECRETS_KEY: otherKey, DATABASE_POOL_MAX: '4', QUEUE_POOL_MAX: '1', SEED: '0' });
    try {
      const projector = await startPlatform(config('projector'), { log: pino({ level: 'silent' }) });
      expect(projector.secrets).toBeNull();
      await projector.stop();
      await expect(startPlatform(config('worker'), { log: pino({ level: 'silent' }) })).rejects.toThrow(/is not the one this database's secrets are sealed with/);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 60_000);
});
