/**
 * Access control (Security Center, Access Control tab): every account with its role, last login, MFA, active
 * sessions, risk score and status; an admin can end all of an account's sessions, suspend or lock it (both
 * block login until reinstated or unlocked; both end its sessions). Suspension and lock are events of the
 * account's stream, decided by the user decider; the login checks them (identity/accounts.ts).
 */
import type pg from 'pg';
import { IDENTITY_ERRORS, domainError, userStreamId, type AccessAction, type AccessStatus, type AccessUserView, type EventStore, type SessionEndReason, type UserType } from '@crm/contracts';
import { alertsByUser, listAdminIds } from '@crm/projections';
import type { Accounts } from '../../identity/accounts.ts';
import type { SessionManager } from '../../identity/session.ts';
import { ADMIN_GUARD_LOCK } from '../../identity/users.service.ts';
import { isActiveAdmin, userDecider, type UserState } from '../../identity/user.decider.ts';
import { handleCommand, readState } from '../../platform/command-handler.ts';
import type { CommandContext } from '../../platform/decider.ts';
import { waitForProjection } from '../../platform/read-your-writes.ts';
import { RISK_WINDOW_DAYS, riskScore } from './risk-score.policy.ts';

/** Whether an account has MFA on (null: not known). Given by the MFA module once it exists. */
export type MfaStatusLookup = (userIds: string[]) => Promise<Map<string, boolean>>;

export interface AccessControlService {
  list(now: Date): Promise<AccessUserView[]>;
  act(
    input: { userId: string; action: AccessAction; reason: string | null },
    actor: { userId: string; userType: UserType },
    ctx: CommandContext,
    currentSessionId: string | null,
  ): Promise<{ user: AccessUserView | null; endedSessions: number }>;
}

const DAY_MS = 86_400_000;
const MAX_USERS = 1000;

const COMMANDS = { suspend: 'SuspendUser', reinstate: 'ReinstateUser', lock: 'LockUser', unlock: 'UnlockUser' } as const;

function statusOf(state: UserState): AccessStatus {
  if (!state.exists) return 'inactive';
  if (state.locked) return 'locked';
  if (state.suspended) return 'suspended';
  if (!state.isActive) return 'inactive';
  if (!state.isApproved) return 'pending';
  return 'active';
}

export function createAccessControlService(deps: { pool: pg.Pool; store: EventStore; accounts: Accounts; sessions: SessionManager; mfaStatus?: MfaStatusLookup }): AccessControlService {
  const { pool, store, sessions } = deps;
  const loadState = (userId: string) => readState(store, userStreamId(userId), userDecider);

  async function countActiveAdmins(...alwaysRead: string[]): Promise<number> {
    const candidates = new Set([...(await listAdminIds(pool)), ...alwaysRead]);
    const states = await Promise.all([...candidates].map(loadState));
    return states.filter(isActiveAdmin).length;
  }

  /**
   * Runs `fn` under the users admin's admin-guard lock (identity/users.service.ts), so a suspension or lock and
   * any other change that removes an admin are serialised: two admins cannot remove each other at once.
   */
  async function withAdminGuard<T>(fn: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(`SELECT set_config('lock_timeout', '15000ms', false)`);
      try {
        await client.query('SELECT pg_advisory_lock($1, $2)', [...ADMIN_GUARD_LOCK]);
      } catch (err) {
        if ((err as { code?: string }).code === '55P03') throw domainError(IDENTITY_ERRORS.admin_change_busy);
        throw err;
      }
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [...ADMIN_GUARD_LOCK]).catch(() => (broken = true));
      }
    } finally {
      if (!broken) await client.query('RESET lock_timeout').catch(() => (broken = true));
      client.release(broken);
    }
  }

  async function list(now: Date, onlyUserId?: string): Promise<AccessUserView[]> {
    const users = await pool.query<{ id: string; name: string; email: string; user_type: UserType }>(
      `SELECT id::text AS id, name, email, user_type FROM users ${onlyUserId ? 'WHERE id = $2' : ''} ORDER BY lower(name), id LIMIT $1`,
      onlyUserId ? [MAX_USERS, onlyUserId] : [MAX_USERS],
    );
    const ids = users.rows.map((u) => u.id);
    if (ids.length === 0) return [];
    const failuresSince = new Date(now.getTime() - RISK_WINDOW_DAYS.failures * DAY_MS);
    const [logins, sessionCounts, alerts, states, mfa] = await Promise.all([
      pool
        .query<{ user_id: string; last_login: Date | null; failures: number }>(
          `SELECT user_id, max(at) FILTER (WHERE succeeded) AS last_login, count(*) FILTER (WHERE NOT succeeded AND at >= $2)::int AS failures
             FROM login_history WHERE user_id = ANY($1::text[]) GROUP BY user_id`,
          [ids, failuresSince],
        )
        .catch(() => ({ rows: [] as { user_id: string; last_login: Date | null; failures: number }[] })),
      pool.query<{ user_id: string; n: number }>('SELECT user_id, count(*)::int AS n FROM user_session WHERE user_id = ANY($1::text[]) AND expires_at > $2 GROUP BY user_id', [ids, now]),
      alertsByUser(pool, new Date(now.getTime() - RISK_WINDOW_DAYS.alerts * DAY_MS)),
      Promise.all(ids.map(loadState)),
      deps.mfaStatus ? deps.mfaStatus(ids).catch(() => null) : Promise.resolve(null),
    ]);
    const loginBy = new Map(logins.rows.map((r) => [r.user_id, r]));
    const sessionsBy = new Map(sessionCounts.rows.map((r) => [r.user_id, r.n]));
    return users.rows.map((u, i) => {
      const state = states[i]!;
      const login = loginBy.get(u.id);
      const userAlerts = alerts.get(u.id);
      const status = statusOf(state);
      const recentFailures = login?.failures ?? 0;
      return {
        userId: u.id,
        userName: state.exists ? state.name : u.name,
        userEmail: state.exists ? state.email : u.email,
        role: state.exists ? state.userType : u.user_type,
        lastLogin: login?.last_login ? login.last_login.toISOString() : null,
        mfaEnabled: mfa ? (mfa.get(u.id) ?? false) : null,
        sessionCount: sessionsBy.get(u.id) ?? 0,
        riskScore: riskScore({ openAlertSeverities: userAlerts?.severities ?? [], recentFailures, restricted: status === 'suspended' || status === 'locked' }),
        status,
        openAlerts: userAlerts?.open ?? 0,
        recentFailures,
      };
    });
  }

  return {
    list: (now) => list(now),

    async act(input, actorIn, ctx, currentSessionId) {
      const current = await deps.accounts.load(actorIn.userId);
      if (!current) throw domainError(IDENTITY_ERRORS.forbidden);
      const actor = { userId: current.id, userType: current.userType };
      const target = await loadState(input.userId);
      if (!target.exists) throw domainError(IDENTITY_ERRORS.user_not_found);
      let endedSessions = 0;
      if (input.action === 'endSessions') {
        // One's own sessions end too, but not the one making this request.
        endedSessions = await sessions.endAllForUser(input.userId, 'ended_by_admin', input.userId === actor.userId ? currentSessionId : null);
      } else {
        const removes = input.action === 'suspend' || input.action === 'lock';
        const type = COMMANDS[input.action];
        const decide = (activeAdmins: number) =>
          handleCommand(store, userStreamId(input.userId), userDecider, { type, userId: input.userId, actor, activeAdmins, reason: input.reason }, ctx);
        // Only adding rights back (reinstate, unlock) needs no count.
        const result = removes ? await withAdminGuard(async () => decide(await countActiveAdmins(input.userId, actor.userId))) : await decide(Number.POSITIVE_INFINITY);
        if (removes) {
          const reason: SessionEndReason = input.action === 'suspend' ? 'account_suspended' : 'account_locked';
          endedSessions = await sessions.endAllForUser(input.userId, reason);
        }
        await waitForProjection(deps, 'users', result.checkpoint, 3000);
      }
      const [user] = await list(ctx.now, input.userId);
      return { user: user ?? null, endedSessions };
    },
  };
}
