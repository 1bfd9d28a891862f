/**
 * Password reset tokens. Only the SHA-256 of a token is stored: the raw token exists in the mail (and its
 * queue job, removed once sent) and nowhere else. A token is single use (`used_at`) and expires after 1 hour.
 */
export const PASSWORD_RESET_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS password_reset_token (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES auth_user (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS password_reset_token_user ON password_reset_token (user_id) WHERE used_at IS NULL;
CREATE INDEX IF NOT EXISTS password_reset_token_expiry ON password_reset_token (expires_at);
`;
