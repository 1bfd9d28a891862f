/**
 * Password reset (spec 01 `/admin/forgot-password`, `/admin/reset-password`).
 *
 * - request: the answer is the same whether or not the address belongs to an account (or to a deactivated
 *   one), and so is its timing: the lookup, token and mail happen after the answer, in the background.
 *   For an active account: a token of 32 random bytes (256 bits, base64url), stored only as its SHA-256,
 *   expiring after 1 hour; the account's older unused tokens stop working; `PasswordResetRequested` is
 *   recorded; the link goes out through the mail queue (that job holds the raw token, so it is removed
 *   as soon as it is done).
 * - The link is built from PUBLIC_URL (or the server's own address), never from the request's Host header.
 * - reset: the token is consumed by one conditional UPDATE (single use, even under concurrent requests),
 *   in the transaction that replaces the password hash; then `UserPasswordChanged` (via reset) and every
 *   session of the account ends.
 */
import { randomUUID } from 'node:crypto';
import { createAfterResponse, newSecretToken, sha256Hex } from '../platform/after-response.ts';
import type pg from 'pg';
import { withTransaction } from '@crm/projections';
import { DomainError, userStreamId, type EventStore, type Locale, type SendEmailJob } from '@crm/contracts';
import { enqueueMail, renderPasswordResetMail, type AppQueue, type WorkerLogger } from '@crm/workers';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { hashPassword, type PasswordPolicyCheck } from './password.ts';
import type { SessionManager } from './session.ts';
import { userDecider } from './user.decider.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_REQUEST_MESSAGE = 'If an account exists for this e-mail, a password reset link has been sent. The link expires in 1 hour.';
export const RESET_VALID_MESSAGE = 'Reset token is valid';
export const RESET_DONE_MESSAGE = 'Your password has been reset. You can now log in with your new password.';

/** Mail jobs with a raw token leave the queue as soon as they are done (sent or finally failed). */
export const RESET_MAIL_JOB_OPTIONS = { removeOnComplete: true, removeOnFail: true } as const;

export const hashResetToken = sha256Hex;

export interface PasswordResetService {
  /** Always resolves the same way; the work for an existing account continues in the background. */
  request(input: { email: string; locale: Locale }, ctx: CommandContext): Promise<void>;
  /** The account's e-mail when the token is known, unused and unexpired; otherwise null. */
  validate(token: string): Promise<{ email: string } | null>;
  /** True when the password was reset; false for an unknown, used or expired token. */
  reset(input: { token: string; newPassword: string }, ctx: CommandContext): Promise<boolean>;
  /** Waits for background requests (graceful stop, tests). */
  drain(): Promise<void>;
}

export interface PasswordResetDeps {
  pool: pg.Pool;
  store: EventStore;
  sessions: SessionManager;
  mailQueue: AppQueue<SendEmailJob>;
  log: WorkerLogger;
  now: () => Date;
  /** PUBLIC_URL, or the server's own listening URL: the base of the link in the mail. */
  publicUrl: () => string;
  passwordPolicy?: PasswordPolicyCheck;
}

export function createPasswordResetService(deps: PasswordResetDeps): PasswordResetService {
  const { pool, store, sessions, mailQueue, log, now } = deps;
  const afterResponse = createAfterResponse((err) => log.error({ err }, 'password reset request failed'));

  async function issue(input: { email: string; locale: Locale }, ctx: CommandContext) {
    const { rows } = await pool.query<{ id: string; email: string }>('SELECT id, email FROM auth_user WHERE lower(email) = lower($1)', [input.email]);
    const account = rows[0];
    if (!account) return;
    const issuedAt = now();
    const expiresAt = new Date(issuedAt.getTime() + RESET_TOKEN_TTL_MS);
    try {
      // The decider refuses deactivated accounts (and accounts without history).
      await handleCommand(store, userStreamId(account.id), userDecider, { type: 'RequestPasswordReset', userId: account.id, expiresAt }, { ...ctx, now: issuedAt });
    } catch (err) {
      if (err instanceof DomainError) {
        log.info({ userId: account.id, code: err.code }, 'password reset refused; no mail');
        return;
      }
      throw err;
    }
    const token = newSecretToken();
    await withTransaction(pool, async (client) => {
      await client.query('UPDATE password_reset_token SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [account.id, issuedAt]);
      await client.query('INSERT INTO password_reset_token (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        hashResetToken(token),
        account.id,
        issuedAt,
        expiresAt,
      ]);
    });
    const base = deps.publicUrl().replace(/\/+$/, '');
    const link = `${base}/admin/reset-password?token=${encodeURIComponent(token)}`;
    const job = renderPasswordResetMail({ to: account.email, link, locale: input.locale, causationId: `password-reset-${randomUUID()}` });
    await enqueueMail(mailQueue, job, RESET_MAIL_JOB_OPTIONS);
    log.info({ userId: account.id }, 'password reset mail queued');
  }

  async function validate(token: string) {
    const { rows } = await pool.query<{ email: string }>(
      `SELECT u.email FROM password_reset_token t JOIN auth_user u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2`,
      [hashResetToken(token), now()],
    );
    return rows[0] ? { email: rows[0].email } : null;
  }

  return {
    validate,

    async request(input, ctx) {
      afterResponse.run(() => issue(input, ctx));
    },

    async reset(input, ctx) {
      const tokenHash = hashResetToken(input.token);
      // Cheap refusal first, so an unknown token costs no password hashing.
      if (!(await validate(input.token))) return false;
      await deps.passwordPolicy?.checkPassword(input.newPassword, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      const at = now();
      const userId = await withTransaction(pool, async (client) => {
        const consumed = await client.query<{ user_id: string }>(
          'UPDATE password_reset_token SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id',
          [tokenHash, at],
        );
        const id = consumed.rows[0]?.user_id;
        if (!id) return null;
        await client.query('UPDATE auth_user SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
        // Any other link still out there for this account stops working too.
        await client.query('UPDATE password_reset_token SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [id, at]);
        return id;
      });
      if (!userId) return false;
      await handleCommand(store, userStreamId(userId), userDecider, { type: 'ResetPassword', userId }, { ...ctx, now: at, userId });
      await sessions.endAllForUser(userId, 'password_reset');
      return true;
    },

    drain: afterResponse.drain,
  };
}
