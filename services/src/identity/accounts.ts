import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { IDENTITY_ERRORS, ROLE_PERMISSIONS, domainError, userStreamId, type EventStore, type Locale, type Permission, type UserType } from '@crm/contracts';
import { handleCommand, readState } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';
import { userDecider, type UserCommand, type UserState } from './user.decider.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  userType: UserType;
  permissions: Permission[];
}

export interface Accounts {
  create(input: { name: string; email: string; password: string; userType: UserType; approved: boolean }, ctx: CommandContext): Promise<string>;
  /** Self-registration: type `user`, active, awaiting approval. Throws `email_taken` when the e-mail is in use. */
  register(input: { name: string; email: string; password: string; locale?: Locale }, ctx: CommandContext): Promise<string>;
  /**
   * Checks the password and says why a login cannot go on (the caller decides what the client learns):
   * the account's state (awaiting approval, deactivated) is looked at only after the password was right.
   * An unknown e-mail costs the same password hashing as a known one (dummy verify).
   */
  authenticate(email: string, password: string): Promise<AuthenticationResult>;
  /** The account an e-mail belongs to (id and name, for login history), without checking anything. */
  findByEmail(email: string): Promise<{ id: string; name: string } | null>;
  load(userId: string): Promise<SessionUser | null>;
  /** Creates the first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated password when there is no account. */
  bootstrapAdmin(admin: { email: string; password: string } | null, ctx: CommandContext): Promise<{ email: string; generatedPassword: string | null } | null>;
}

export type AuthenticationResult =
  | { ok: true; user: SessionUser }
  | {
      ok: false;
      reason: 'unknown_account' | 'wrong_password' | 'awaiting_approval' | 'account_deactivated' | 'account_suspended' | 'account_locked';
      /** The account the e-mail belongs to, when there is one (for login history only). */
      account: { id: string; name: string } | null;
    };

export function createAccounts(deps: { pool: pg.Pool; store: EventStore }): Accounts {
  const { pool, store } = deps;

  const loadState = (userId: string): Promise<UserState> => readState(store, userStreamId(userId), userDecider);

  function toSessionUser(state: Extract<UserState, { exists: true }>): SessionUser {
    return {
      id: state.userId,
      name: state.name,
      email: state.email,
      userType: state.userType,
      permissions: [...ROLE_PERMISSIONS[state.userType]],
    };
  }

  /**
   * The unique index on lower(email) is the reservation: two concurrent registrations cannot both win.
   * The account's creation event is written after the reservation; if that fails, the reservation goes.
   */
  async function reserveAndRecord(input: { email: string; password: string }, command: (userId: string, email: string) => UserCommand, ctx: CommandContext) {
    const userId = randomUUID();
    const email = input.email.trim();
    const passwordHash = await hashPassword(input.password);
    const reserved = await pool.query('INSERT INTO auth_user (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      userId,
      email,
      passwordHash,
    ]);
    if (reserved.rowCount === 0) throw domainError(IDENTITY_ERRORS.email_taken);
    try {
      await handleCommand(store, userStreamId(userId), userDecider, command(userId, email), ctx, { expectNew: true });
    } catch (err) {
      await pool.query('DELETE FROM auth_user WHERE id = $1', [userId]);
      throw err;
    }
    return userId;
  }

  const accounts: Accounts = {
    create: (input, ctx) =>
      reserveAndRecord(input, (userId, email) => ({ type: 'CreateUser', userId, name: input.name, email, userType: input.userType, approved: input.approved }), ctx),

    register: (input, ctx) => reserveAndRecord(input, (userId, email) => ({ type: 'RegisterUser', userId, name: input.name, email, ...(input.locale ? { locale: input.locale } : {}) }), ctx),

    async authenticate(email, password) {
      const { rows } = await pool.query<{ id: string; password_hash: string }>(
        'SELECT id, password_hash FROM auth_user WHERE lower(email) = lower($1)',
        [email.trim()],
      );
      const row = rows[0];
      const ok = row ? await verifyPassword(row.password_hash, password) : await verifyAgainstDummy(password);
      // An unknown e-mail also reads a (missing) stream, so both paths do the same work.
      const state = await loadState(row ? row.id : randomUUID());
      if (!row) return { ok: false, reason: 'unknown_account', account: null };
      if (!state.exists) return { ok: false, reason: 'unknown_account', account: null };
      const account = { id: state.userId, name: state.name };
      if (!ok) return { ok: false, reason: 'wrong_password', account };
      if (!state.isActive) return { ok: false, reason: 'account_deactivated', account };
      if (state.suspended) return { ok: false, reason: 'account_suspended', account };
      if (state.locked) return { ok: false, reason: 'account_locked', account };
      if (!state.isApproved) return { ok: false, reason: 'awaiting_approval', account };
      return { ok: true, user: toSessionUser(state) };
    },

    async findByEmail(email) {
      const { rows } = await pool.query<{ id: string }>('SELECT id FROM auth_user WHERE lower(email) = lower($1)', [email.trim()]);
      if (!rows[0]) return null;
      const state = await loadState(rows[0].id);
      return state.exists ? { id: state.userId, name: state.name } : null;
    },

    async load(userId) {
      const state = await loadState(userId);
      return state.exists && state.isActive && state.isApproved && !state.suspended && !state.locked ? toSessionUser(state) : null;
    },

    async bootstrapAdmin(admin, ctx) {
      if (admin) {
        const { rowCount } = await pool.query('SELECT 1 FROM auth_user WHERE lower(email) = lower($1)', [admin.email]);
        if (rowCount) return null;
        await accounts.create({ name: 'Admin User', email: admin.email, password: admin.password, userType: 'admin', approved: true }, ctx);
        return { email: admin.email, generatedPassword: null };
      }
      const { rowCount } = await pool.query('SELECT 1 FROM auth_user LIMIT 1');
      if (rowCount) return null;
      const email = 'admin@crm.localhost';
      const generatedPassword = randomBytes(15).toString('base64url');
      await accounts.create({ name: 'Admin User', email, password: generatedPassword, userType: 'admin', approved: true }, ctx);
      return { email, generatedPassword };
    },
  };
  return accounts;
}
