/**
 * Invitation links. The invitation itself is events on the future account's stream (`UserInvited`,
 * `InvitationAccepted`, `InvitationRevoked`); this table finds the stream from a link's token and lists the
 * pending ones for the Users area. Only the SHA-256 of a token is stored, here and in the event.
 */
export const INVITATION_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS user_invitation (
  user_id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  user_type text NOT NULL,
  invited_by uuid NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS user_invitation_open ON user_invitation (lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL;
`;
