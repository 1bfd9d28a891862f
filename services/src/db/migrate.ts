import type pg from 'pg';
import { REGISTRY_SQL, trigramAvailable } from '@crm/projections';
import { MAIL_SENT_SQL, REACTOR_CHECKPOINTS_SQL } from '@crm/workers';
import { IDENTITY_SCHEMA_SQL } from '../identity/identity.sql.ts';
import { SECURITY_SCHEMA_SQL } from '../security/security.sql.ts';
import { PASSWORD_RESET_SQL } from '../identity/password-reset.sql.ts';
import { INVITATION_SQL } from '../identity/invitation.sql.ts';
import { MFA_SQL } from '../identity/mfa.sql.ts';
import { STATUS_SCHEMA_SQL } from '../status/status.sql.ts';
import { API_KEY_SQL } from '../integrations/api-keys/api-key.sql.ts';
import { INTEGRATION_SQL } from '../integrations/marketplace/integration.sql.ts';
import { SECRETS_KEY_CHECK_SQL } from '../platform/secrets-key.ts';

/**
 * Creates every table the platform's roles use, once, under one transaction-level advisory lock.
 * Processes of the scaled topology start together, and concurrent `CREATE TABLE IF NOT EXISTS` can
 * fail (duplicate key in pg_type); serialised here, the modules' own idempotent set-up then finds the
 * tables in place, and pg_trgm installed when the role may install it. (The event store's schema has its own lock in PostgresEventStore.migrate.)
 */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(727000)');
    for (const sql of [IDENTITY_SCHEMA_SQL, PASSWORD_RESET_SQL, INVITATION_SQL, MFA_SQL, SECURITY_SCHEMA_SQL, REGISTRY_SQL, REACTOR_CHECKPOINTS_SQL, MAIL_SENT_SQL, STATUS_SCHEMA_SQL, API_KEY_SQL, INTEGRATION_SQL, SECRETS_KEY_CHECK_SQL]) await client.query(sql);
    // The lead forms' token key was stored here in clear before it was derived from the secrets key (form-token.ts).
    await client.query('DROP TABLE IF EXISTS server_secrets');
    // pg_trgm once, before the projections start: racing to create it, the losers fell back to a btree search index.
    await trigramAvailable(client);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
