/**
 * Invitations (issue 13, "Team members"): an admin invites anyone, a manager only `user` accounts, by e-mail
 * with a type. The invitation is events on the future account's stream (`user-<id>`), decided by the user
 * decider from facts read here (the inviter as its stream has it now, whether the address has an account,
 * whether another invitation for it is open):
 * - invite: a token of 32 random bytes (256 bits, base64url), stored only as its SHA-256 (in `UserInvited` and
 *   in `user_invitation`, which finds the stream from a link and lists the pending ones), valid 7 days; the
 *   link goes out through the mail queue (that job holds the raw token, so it is removed as soon as it is
 *   done). The link is built from PUBLIC_URL (or the server's own address), never from the request.
 * - accept: the invitee sets a name and a password (the same rules as registration); the e-mail is reserved
 *   in `auth_user` first (as registration does), then the decider checks the token's hash and expiry against
 *   the stream and records `InvitationAccepted` + `UserCreated` (approved, the invited type) in one append.
 *   A second use finds the account existing (the decider refuses), so a link works once, even under
 *   concurrent requests.
 * - revoke: a pending invitation's link stops working (`InvitationRevoked`).
 */
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import {
  DomainError,
  IDENTITY_ERRORS,
  INVITATION_TTL_DAYS,
  domainError,
  userStreamId,
  type AcceptInvitationInput,
  type EventStore,
  type InvitationView,
  type InviteUserInput,
  type SendEmailJob,
  type UserType,
} from '@crm/contracts';
import { enqueueMail, renderInvitationMail, type AppQueue, type WorkerLogger } from '@crm/workers';
import { newSecretToken, sha256Hex } from '../platform/after-response.ts';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import type { Accounts } from './accounts.ts';
import { RESET_MAIL_JOB_OPTIONS } from './password-reset.service.ts';
import { hashPassword, type PasswordPolicyCheck } from './password.ts';
import type { Actor } from './user.decider.ts';
import { userDecider } from './user.decider.ts';

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3600 * 1000;
export const hashInvitationToken = sha256Hex;

export interface InvitationsService {
  invite(input: InviteUserInput, actor: Actor, ctx: CommandContext): Promise<InvitationView>;
  listPending(): Promise<InvitationView[]>;
  revoke(id: string, actor: Actor, ctx: CommandContext): Promise<void>;
  /** The invited address and type when the token is known, pending and unexpired; otherwise null. */
  validate(token: string): Promise<{ email: string; userType: UserType } | null>;
  /** Creates the account (approved, the invited type); null for an unknown, used, revoked or expired token. */
  accept(input: AcceptInvitationInput, ctx: CommandContext): Promise<{ email: string; userType: UserType } | null>;
}

export interface InvitationsDeps {
  pool: pg.Pool;
  store: EventStore;
  accounts: Pick<Accounts, 'load'>;
  mailQueue: AppQueue<SendEmailJob>;
  log: WorkerLogger;
  now: () => Date;
  publicUrl: () => string;
  passwordPolicy?: PasswordPolicyCheck;
}

interface InvitationRow {
  user_id: string;
  email: string;
  user_type: UserType;
  invited_by: string;
  invited_by_name: string | null;
  created_at: Date;
  expires_at: Date;
}

const toView = (r: InvitationRow): InvitationView => ({
  id: r.user_id,
  email: r.email,
  userType: r.user_type,
  invitedBy: r.invited_by,
  invitedByName: r.invited_by_name,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
});

const OPEN = 'i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $1';

export function createInvitationsService(deps: InvitationsDeps): InvitationsService {
  const { pool, store, accounts, mailQueue, log, now } = deps;

  /** The actor as its stream has it now (the session was read at the start of the request). */
  async function currentActor(actor: Actor): Promise<Actor & { name: string }> {
    const user = await accounts.load(actor.userId);
    if (!user) throw domainError(IDENTITY_ERRORS.forbidden);
    return { userId: user.id, userType: user.userType, name: user.name };
  }

  async function findOpen(tokenHash: string) {
    const { rows } = await pool.query<{ user_id: string; email: string; user_type: UserType }>(
      `SELECT i.user_id::text AS user_id, i.email, i.user_type FROM user_invitation i WHERE i.token_hash = $2 AND ${OPEN}`,
      [now(), tokenHash],
    );
    return rows[0] ?? null;
  }

  return {
    async invite(input, actorIn, ctx) {
      const actor = await currentActor(actorIn);
      const email = input.email.trim();
      const at = now();
      const [taken, pending] = await Promise.all([
        pool.query('SELECT 1 FROM auth_user WHERE lower(email) = lower($1)', [email]),
        pool.query(`SELECT 1 FROM user_invitation i WHERE lower(i.email) = lower($2) AND ${OPEN}`, [at, email]),
      ]);
      const userId = randomUUID();
      const token = newSecretToken();
      const tokenHash = hashInvitationToken(token);
      const expiresAt = new Date(at.getTime() + INVITATION_TTL_MS);
      await handleCommand(
        store,
        userStreamId(userId),
        userDecider,
        {
          type: 'InviteUser',
          userId,
          email,
          userType: input.role,
          tokenHash,
          expiresAt,
          actor: { userId: actor.userId, userType: actor.userType },
          emailTaken: (taken.rowCount ?? 0) > 0,
          pendingInvitation: (pending.rowCount ?? 0) > 0,
        },
        { ...ctx, now: at },
        { expectNew: true },
      );
      await pool.query(
        `INSERT INTO user_invitation (user_id, token_hash, email, user_type, invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [userId, tokenHash, email, input.role, actor.userId, at, expiresAt],
      );
      const link = `${deps.publicUrl().replace(/\/+$/, '')}/invite?token=${encodeURIComponent(token)}`;
      const job = renderInvitationMail({ to: email, inviterName: actor.name, userType: input.role, link, locale: input.locale, causationId: `invitation-${userId}` });
      await enqueueMail(mailQueue, job, RESET_MAIL_JOB_OPTIONS);
      log.info({ invitationId: userId, userType: input.role, invitedBy: actor.userId }, 'invitation mail queued');
      return toView({ user_id: userId, email, user_type: input.role, invited_by: actor.userId, invited_by_name: actor.name, created_at: at, expires_at: expiresAt });
    },

    async listPending() {
      const { rows } = await pool.query<InvitationRow>(
        `SELECT i.user_id::text AS user_id, i.email, i.user_type, i.invited_by::text AS invited_by, u.name AS invited_by_name, i.created_at, i.expires_at
           FROM user_invitation i LEFT JOIN users u ON u.id = i.invited_by
          WHERE ${OPEN} ORDER BY i.created_at DESC LIMIT 200`,
        [now()],
      );
      return rows.map(toView);
    },

    async revoke(id, actorIn, ctx) {
      const actor = await currentActor(actorIn);
      const at = now();
      await handleCommand(store, userStreamId(id), userDecider, { type: 'RevokeInvitation', userId: id, actor: { userId: actor.userId, userType: actor.userType } }, { ...ctx, now: at });
      await pool.query('UPDATE user_invitation SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND accepted_at IS NULL', [id, at]);
    },

    async validate(token) {
      const row = await findOpen(hashInvitationToken(token));
      return row ? { email: row.email, userType: row.user_type } : null;
    },

    async accept(input, ctx) {
      const tokenHash = hashInvitationToken(input.token);
      // Cheap refusal first, so an unknown token costs no password hashing.
      const row = await findOpen(tokenHash);
      if (!row) return null;
      await deps.passwordPolicy?.checkPassword(input.password, 'password');
      const passwordHash = await hashPassword(input.password);
      // The address's reservation, as at registration: one account per e-mail.
      const reserved = await pool.query('INSERT INTO auth_user (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        row.user_id,
        row.email,
        passwordHash,
      ]);
      if (reserved.rowCount === 0) {
        // This link was used a moment ago (same id), or the address registered meanwhile.
        const { rowCount } = await pool.query('SELECT 1 FROM auth_user WHERE id = $1', [row.user_id]);
        if (rowCount) return null;
        throw domainError(IDENTITY_ERRORS.email_taken);
      }
      const at = now();
      try {
        await handleCommand(
          store,
          userStreamId(row.user_id),
          userDecider,
          { type: 'AcceptInvitation', userId: row.user_id, tokenHash, name: input.name, locale: input.locale },
          { ...ctx, now: at, userId: row.user_id },
        );
      } catch (err) {
        await pool.query('DELETE FROM auth_user WHERE id = $1', [row.user_id]);
        if (err instanceof DomainError && err.code === IDENTITY_ERRORS.invitation_invalid.code) return null;
        throw err;
      }
      await pool.query('UPDATE user_invitation SET accepted_at = $2 WHERE user_id = $1', [row.user_id, at]);
      log.info({ userId: row.user_id, userType: row.user_type }, 'invitation accepted');
      return { email: row.email, userType: row.user_type };
    },
  };
}
