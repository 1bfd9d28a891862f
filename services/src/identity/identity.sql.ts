/**
 * Credentials and sessions. Identity facts (name, role, approval) are events in the user stream;
 * this table holds only what must be mutable and private: the password hash, and the e-mail
 * reservation whose unique index makes registration race-free.
 */
export const IDENTITY_SCHEMA_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS auth_user (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS auth_user_email_key ON auth_user (lower(email));
CREATE TABLE IF NOT EXISTS user_session (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES auth_user (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ip text,
  user_agent text
);
CREATE INDEX IF NOT EXISTS user_session_user ON user_session (user_id);
-- login_id: the session's public handle (its login attempt); the id above is the secret token.
ALTER TABLE user_session ADD COLUMN IF NOT EXISTS login_id uuid;
ALTER TABLE user_session ADD COLUMN IF NOT EXISTS last_seen_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX IF NOT EXISTS user_session_expiry ON user_session (expires_at);
CREATE INDEX IF NOT EXISTS user_session_last_seen ON user_session (last_seen_at);
`;
