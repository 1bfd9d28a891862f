/**
 * API key credentials (issue 15): the key's SHA-256 hash, private and mutable like auth_user's password hash,
 * and its usage (last used, count), operational data flushed in batches (never an event per request). Facts
 * about the key (name, scopes, expiry, creator, revocation) are events (stream `api-key-<id>`) and the
 * `integration_api_keys` read model. Created by migrateDatabase.
 */
export const API_KEY_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS integration_api_key_credential (
  key_id uuid PRIMARY KEY,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  usage_count bigint NOT NULL DEFAULT 0
);
`;
