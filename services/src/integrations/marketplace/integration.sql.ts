/**
 * Marketplace credentials and delivery health (issue 15). Operational tables, not read models:
 * - `integration_credential`: the secret of an integration, never in an event: the Slack incoming-webhook URL
 *   (sealed: the sender opens it; platform/secrets-key.ts) and the calendar feed token's SHA-256 hash (the token is shown once).
 * - `integration_delivery`: delivery counts of an integration that sends (Slack): successes, failures, last
 *   success, last error (the marketplace's error banner and the uptime card).
 * Created by migrateDatabase.
 */
export const INTEGRATION_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS integration_credential (
  integration_id text PRIMARY KEY,
  secret text,
  token_hash text UNIQUE,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS integration_delivery (
  integration_id text PRIMARY KEY,
  successes bigint NOT NULL DEFAULT 0,
  failures bigint NOT NULL DEFAULT 0,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_error text
);
`;
