/**
 * The users admin (spec 01 Users tab; GET/PUT /api/admin/users; tRPC `users.*`).
 *
 * The last-admin rule must not race: two admins deactivating or demoting each other at the same moment
 * must not leave zero active admins. So every change that can take an admin away (revoke, deactivate,
 * change type to anything but admin) runs under one PostgreSQL advisory lock, held on a dedicated
 * connection that is NOT inside a transaction (an open transaction would hold back the event store's
 * visibility horizon, and with it the projection we wait for). Under the lock:
 *   1. the acting account is re-read from its stream (a caller demoted or deactivated a moment ago no
 *      longer acts with its old rights);
 *   2. the active admins are counted from their streams (current, whatever the read model's lag): the
 *      read model only says whose streams to read (every row it holds as an admin, plus the target), and
 *      it is first given the chance to catch up with the store's head;
 *   3. the decider decides with that count, and the change is appended;
 *   4. the lock is released once the change is visible in the users read model (read-your-writes).
 * Changes that only add admins (approve, activate, promote) need no lock: a count taken under the lock
 * can then only be too low, which refuses rather than allows.
 * Either layer alone keeps one admin when two admins take each other's rights at once (the e2e race test
 * fails with both removed, and passes with either): the loser is refused as no longer an admin (403) or,
 * had it still been one, as the last admin (409 last_admin).
 */
import type pg from 'pg';
import {
  IDENTITY_ERRORS,
  domainError,
  userStreamId,
  type EventStore,
  type UserListInput,
  type UserUpdateInput,
  type UserView,
} from '@crm/contracts';
import { getUser, listAdminIds, listUsers, type UserListResult } from '@crm/projections';
import { handleCommand, readState } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import type { Accounts } from './accounts.ts';
import type { SessionManager } from './session.ts';
import { isActiveAdmin, userDecider, type Actor, type ModerationCommand, type UserState } from './user.decider.ts';

/** Advisory lock (two-int form) serialising every admin-reducing change. */
export const ADMIN_GUARD_LOCK = [727200, 1] as const;

export interface UsersService {
  list(filter: UserListInput): Promise<UserListResult>;
  /** Approve/revoke, activate/deactivate or change the type of `userId`, as `actor` (from the session). */
  update(input: UserUpdateInput, actor: Actor, ctx: CommandContext): Promise<UserView>;
}

export interface UsersServiceDeps {
  pool: pg.Pool;
  store: EventStore;
  accounts: Pick<Accounts, 'load'>;
  sessions: Pick<SessionManager, 'endAllForUser'>;
  /** How long to wait for the admin-guard lock before answering "try again" (default 15 s). */
  lockTimeoutMs?: number;
}

/** Whether the change can take an admin away (then it runs under the lock). */
export function reducesAdmins(input: UserUpdateInput): boolean {
  switch (input.action) {
    case 'approve':
    case 'activate':
      return input.value === false;
    case 'changeType':
      return input.value !== 'admin';
  }
}

function toCommand(input: UserUpdateInput, actor: Actor, activeAdmins: number): ModerationCommand {
  const base = { userId: input.userId, actor, activeAdmins };
  switch (input.action) {
    case 'approve':
      return { type: input.value ? 'ApproveUser' : 'RevokeApproval', ...base };
    case 'activate':
      return { type: input.value ? 'ActivateUser' : 'DeactivateUser', ...base };
    case 'changeType':
      return { type: 'ChangeUserType', to: input.value, ...base };
  }
}

export function createUsersService(deps: UsersServiceDeps): UsersService {
  const { pool, store } = deps;

  const loadState = (userId: string): Promise<UserState> => readState(store, userStreamId(userId), userDecider);

  /**
   * Active, approved admins right now: candidates from the read model (plus the target and the actor,
   * whose promotion may not be projected yet), state from their streams.
   */
  async function countActiveAdmins(...alwaysRead: string[]): Promise<number> {
    await waitForProjection(deps, 'users', await store.headCheckpoint(), 2000);
    const candidates = new Set([...(await listAdminIds(pool)), ...alwaysRead]);
    const states = await Promise.all([...candidates].map(loadState));
    return states.filter(isActiveAdmin).length;
  }

  /** The actor as it is now (the session was read at the start of the request). */
  async function currentActor(actor: Actor): Promise<Actor> {
    const now = await deps.accounts.load(actor.userId);
    if (!now) throw domainError(IDENTITY_ERRORS.forbidden);
    return { userId: now.id, userType: now.userType };
  }

  async function decideAndAppend(input: UserUpdateInput, actor: Actor, activeAdmins: number, ctx: CommandContext) {
    const command = toCommand(input, await currentActor(actor), activeAdmins);
    const result = await handleCommand(store, userStreamId(input.userId), userDecider, command, ctx);
    // A no-op still answers with the account as its stream has it: wait for the stream's last event.
    await waitForProjection(deps, 'users', result.checkpoint ?? result.history.at(-1)?.checkpoint ?? null, 5000);
    return result;
  }

  /** Runs `fn` holding the admin-guard lock on a connection of its own (not inside a transaction). */
  async function withAdminGuard<T>(fn: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(`SELECT set_config('lock_timeout', $1, false)`, [`${deps.lockTimeoutMs ?? 15_000}ms`]);
      try {
        await client.query('SELECT pg_advisory_lock($1, $2)', [...ADMIN_GUARD_LOCK]);
      } catch (err) {
        if ((err as { code?: string }).code === '55P03') {
          throw domainError(IDENTITY_ERRORS.admin_change_busy);
        }
        throw err;
      }
      try {
        return await fn();
      } finally {
        try {
          await client.query('SELECT pg_advisory_unlock($1, $2)', [...ADMIN_GUARD_LOCK]);
        } catch {
          // Closing the connection releases the lock.
          broken = true;
        }
      }
    } finally {
      if (!broken) await client.query('RESET lock_timeout').catch(() => (broken = true));
      client.release(broken);
    }
  }

  async function readBack(userId: string): Promise<UserView> {
    const view = await getUser(pool, userId);
    if (!view) throw domainError(IDENTITY_ERRORS.user_not_found);
    return view;
  }

  return {
    list: (filter) => listUsers(pool, filter),

    async update(input, actor, ctx) {
      if (reducesAdmins(input)) {
        await withAdminGuard(async () => decideAndAppend(input, actor, await countActiveAdmins(input.userId, actor.userId), ctx));
        // A deactivated or unapproved account cannot log in: its open sessions end now, not at their timeout.
        if (input.action !== 'changeType') await deps.sessions.endAllForUser(input.userId, 'account_deactivated');
      } else {
        // Only adds rights: the count is not consulted by the decider for these commands.
        await decideAndAppend(input, actor, Number.POSITIVE_INFINITY, ctx);
      }
      return readBack(input.userId);
    },
  };
}
