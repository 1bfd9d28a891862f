/**
 * Operational security state: mutable, current at request time, and not history (the history is the
 * LoginSucceeded / LoginFailed / IpBlocked events). Created by migrateDatabase.
 *
 * - login_throttle: failed-login counters per account (normalised e-mail) and per IP.
 * - login_attempt: what the suspicious-login detector needs at attempt time (a read model would lag);
 *   written by the login service in the same request that records the event.
 * - rate_limit_hit: fixed-window counters of public POSTs per IP and endpoint group.
 */
export const SECURITY_SCHEMA_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS login_throttle (
  scope text NOT NULL,
  key text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS login_throttle_last ON login_throttle (last_failure_at);
CREATE TABLE IF NOT EXISTS login_attempt (
  login_id uuid PRIMARY KEY,
  email_key text NOT NULL,
  user_id text,
  ip text,
  client text NOT NULL,
  succeeded boolean NOT NULL,
  counted_failure boolean NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS login_attempt_email_at ON login_attempt (email_key, at);
CREATE INDEX IF NOT EXISTS login_attempt_ip_at ON login_attempt (ip, at);
CREATE INDEX IF NOT EXISTS login_attempt_user_ok ON login_attempt (user_id) WHERE succeeded;
CREATE TABLE IF NOT EXISTS rate_limit_hit (
  bucket text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, key, window_start)
);
CREATE INDEX IF NOT EXISTS rate_limit_hit_window ON rate_limit_hit (window_start);
`;
