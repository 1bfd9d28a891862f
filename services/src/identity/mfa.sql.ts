/**
 * Multi-factor key material, kept like the password hash in `auth_user`: private and mutable, never in an
 * event. The `mfa-<userId>` stream decides whether MFA is on; this table holds the TOTP key (hex; `pending_key`
 * while an enrolment waits for its first code) and the SHA-256 hashes of the current recovery code set
 * (`recovery_generation` says which set they are). `mfa_challenge` holds a login's second-step handles,
 * only as SHA-256, single use (`used_at`), valid 5 minutes.
 */
export const MFA_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS auth_mfa (
  user_id text PRIMARY KEY REFERENCES auth_user (id) ON DELETE CASCADE,
  totp_key text,
  pending_key text,
  recovery_hashes text[] NOT NULL DEFAULT '{}',
  recovery_generation integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS mfa_challenge (
  challenge_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES auth_user (id) ON DELETE CASCADE,
  login_id uuid NOT NULL,
  purpose text NOT NULL,
  email_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS mfa_challenge_expiry ON mfa_challenge (expires_at);
`;
