import type pg from 'pg';
import { z } from 'zod';
import { IDENTITY_ERRORS, SECURITY_ERRORS, domainError, userStreamId, type ChangePasswordInput, type EventStore, type UpdateProfileInput } from '@crm/contracts';
import { handleCommand, readState } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import type { LoginThrottle } from '../security/login-throttle.store.ts';
import { retryAfterSeconds } from '../security/login-throttle.policy.ts';
import { normalizeEmailKey } from '../security/suspicious-login.detector.ts';
import { TooManyRequestsError } from '../security/too-many-requests.error.ts';
import type { Accounts, SessionUser } from './accounts.ts';
import { hashPassword, verifyPassword, type PasswordPolicyCheck } from './password.ts';
import type { SessionManager } from './session.ts';
import { userDecider, type UserState } from './user.decider.ts';

export interface ProfileService {
  /** Name and e-mail of the caller's own account; an e-mail change needs the current password. */
  updateProfile(userId: string, input: UpdateProfileInput, ctx: CommandContext): Promise<SessionUser>;
  /** A new password; every other session of the account ends (the one with `currentSessionId` stays). */
  changePassword(userId: string, currentSessionId: string | null, input: ChangePasswordInput, ctx: CommandContext): Promise<{ endedSessions: number }>;
}

export const CURRENT_PASSWORD_INCORRECT = IDENTITY_ERRORS.current_password_incorrect.message;

const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === UNIQUE_VIOLATION;

/**
 * What the input schema cannot require on its own, because it depends on the account: the current password
 * once the e-mail changes. Parsed here, so a missing one is a 400 naming `currentPassword` like any bad input.
 */
const emailChangeInput = z.object({ currentPassword: z.string().min(1, 'is required to change the e-mail address') });

const profileChanged = () => domainError(IDENTITY_ERRORS.profile_changed);

export function createProfileService(deps: {
  pool: pg.Pool;
  store: EventStore;
  accounts: Accounts;
  sessions: SessionManager;
  /** The login's per-account throttle: a wrong current password is a failed guess at the account's password. */
  throttle: LoginThrottle;
  now: () => Date;
  passwordPolicy?: PasswordPolicyCheck;
}): ProfileService {
  const { pool, store, accounts, sessions, throttle } = deps;

  async function loadState(userId: string): Promise<Extract<UserState, { exists: true }>> {
    const state = await readState(store, userStreamId(userId), userDecider);
    if (!state.exists) throw domainError(IDENTITY_ERRORS.user_not_found);
    return state;
  }

  /** The credentials row; the password is checked with the same Argon2id verify as at login. */
  async function credentials(userId: string): Promise<{ email: string; passwordHash: string }> {
    const { rows } = await pool.query<{ email: string; password_hash: string }>('SELECT email, password_hash FROM auth_user WHERE id = $1', [userId]);
    const row = rows[0];
    if (!row) throw domainError(IDENTITY_ERRORS.user_not_found);
    return { email: row.email, passwordHash: row.password_hash };
  }

  /**
   * A stolen session must not become a way to guess the password: each check is charged to the account's
   * login throttle (the same growing delays as the login form) and refunded when the password was right.
   */
  async function checkCurrentPassword(stored: { email: string; passwordHash: string }, password: string) {
    const charged = await throttle.charge([{ scope: 'account', key: normalizeEmailKey(stored.email) }], deps.now());
    if (!charged.allowed) {
      const seconds = retryAfterSeconds(charged.retryAfterMs);
      throw TooManyRequestsError.of(SECURITY_ERRORS.login_throttled, { seconds, failures: 'passwords' });
    }
    if (!(await verifyPassword(stored.passwordHash, password))) {
      throw domainError(IDENTITY_ERRORS.current_password_incorrect);
    }
    await throttle.refund(charged.charges);
  }

  async function reload(userId: string): Promise<SessionUser> {
    const user = await accounts.load(userId);
    if (!user) throw domainError(IDENTITY_ERRORS.user_not_found);
    return user;
  }

  return {
    async updateProfile(userId, input, ctx) {
      const state = await loadState(userId);
      const emailChanges = input.email !== state.email;
      if (!emailChanges) {
        await handleCommand(store, userStreamId(userId), userDecider, { type: 'UpdateProfile', userId, name: input.name, email: state.email }, ctx);
        return reload(userId);
      }

      const { currentPassword } = emailChangeInput.parse({ currentPassword: input.currentPassword ?? '' });
      const stored = await credentials(userId);
      await checkCurrentPassword(stored, currentPassword);

      // The unique index on lower(email) is the reservation: one UPDATE either takes the new address or
      // fails; the old value in the WHERE clause orders concurrent changes of the same account.
      let moved;
      try {
        moved = await pool.query('UPDATE auth_user SET email = $2 WHERE id = $1 AND email = $3', [userId, input.email, stored.email]);
      } catch (err) {
        if (isUniqueViolation(err)) throw domainError(IDENTITY_ERRORS.email_taken);
        throw err;
      }
      if (moved.rowCount !== 1) throw profileChanged();

      try {
        await handleCommand(store, userStreamId(userId), userDecider, { type: 'UpdateProfile', userId, name: input.name, email: input.email }, ctx);
      } catch (err) {
        // The event is the fact: without it the address goes back (unless something else moved it since).
        await pool.query('UPDATE auth_user SET email = $3 WHERE id = $1 AND email = $2', [userId, input.email, stored.email]);
        throw err;
      }
      return reload(userId);
    },

    async changePassword(userId, currentSessionId, input, ctx) {
      await loadState(userId);
      const stored = await credentials(userId);
      await checkCurrentPassword(stored, input.currentPassword);
      if (input.newPassword === input.currentPassword) {
        throw domainError(IDENTITY_ERRORS.password_unchanged);
      }
      await deps.passwordPolicy?.checkPassword(input.newPassword, 'newPassword');
      const newHash = await hashPassword(input.newPassword);
      // Compare-and-set on the old hash: two concurrent changes cannot both believe they won.
      const changed = await pool.query('UPDATE auth_user SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [userId, newHash, stored.passwordHash]);
      if (changed.rowCount !== 1) throw profileChanged();
      try {
        await handleCommand(store, userStreamId(userId), userDecider, { type: 'ChangePassword', userId }, ctx);
      } catch (err) {
        await pool.query('UPDATE auth_user SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [userId, newHash, stored.passwordHash]);
        throw err;
      }
      // Whoever holds another session (possibly the reason for the change) is out now.
      const endedSessions = await sessions.endAllForUser(userId, 'password_changed', currentSessionId);
      return { endedSessions };
    },
  };
}
