/**
 * The one session module (lucia 3 is deprecated upstream: everything lucia-specific stays in this file).
 *
 * - Session ids are lucia's 40-character base32 strings (200 bits). The web app carries the id in an
 *   HttpOnly, SameSite=Lax cookie (`__Host-` and Secure over HTTPS); REST clients send it as
 *   `Authorization: Bearer <id>`. The id is a credential: it is never listed, logged or put in an event.
 *   A session is known to its owner and to login history by its public handle, the login id.
 * - Idle timeout: a session unused for `idleMs` ends. Absolute timeout: every session ends `absoluteMs`
 *   after login, used or not (lucia's `expires_at` holds that deadline and is never extended).
 * - With `timeouts` (the session policy, services/src/security/policies) both come from the policy in force:
 *   the idle timeout applies to every session at once; a shorter absolute timeout ends open sessions at
 *   `created_at` + the new value, a longer one applies to sessions created after it (their `expires_at`).
 * - Every end (logout, sign-out, password change or reset, deactivation, either timeout) deletes the row
 *   and records `SessionEnded` in the login's stream; deleting with RETURNING makes each end happen once.
 */
import { Lucia, TimeSpan, generateIdFromEntropySize } from 'lucia';
import { NodePostgresAdapter } from '@lucia-auth/adapter-postgresql';
import type pg from 'pg';
import { loginStreamId, type EventStore, type SessionEndReason } from '@crm/contracts';
import { handleCommand } from '../platform/command-handler.ts';
import { loginSessionDecider } from '../security/login-session.decider.ts';
import { describeUserAgent, type ClientDescription } from './user-agent.ts';

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    DatabaseSessionAttributes: { ip: string | null; user_agent: string | null; login_id: string; last_seen_at: Date };
    DatabaseUserAttributes: { email: string };
  }
}

function createLucia(pool: pg.Pool, options: { secure: boolean; absoluteMs: number }) {
  return new Lucia(new NodePostgresAdapter(pool, { user: 'auth_user', session: 'user_session' }), {
    sessionExpiresIn: new TimeSpan(Math.round(options.absoluteMs / 1000), 's'),
    sessionCookie: {
      name: options.secure ? '__Host-crm_session' : 'crm_session',
      // A browser-session cookie: the server-side timeouts decide how long it is honoured.
      expires: false,
      attributes: { secure: options.secure, sameSite: 'lax', path: '/' },
    },
    getSessionAttributes: (a) => ({ ip: a.ip, userAgent: a.user_agent, loginId: a.login_id }),
    getUserAttributes: (a) => ({ email: a.email }),
  });
}

/** One of the user's own active sessions, as the Profile tab lists it. */
export interface ActiveSession extends ClientDescription {
  loginId: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface ValidSession {
  userId: string;
  sessionId: string;
  loginId: string;
}

export interface SessionManager {
  cookieName: string;
  /** A new session (always new at login: never reuse one that existed before authentication). */
  create(userId: string, info: { loginId: string; ip: string | null; userAgent: string | null }): Promise<{ id: string; cookie: string }>;
  /** The session's owner, or null when it is unknown or timed out (a timed-out session is ended). */
  validate(sessionId: string): Promise<ValidSession | null>;
  list(userId: string, currentSessionId: string | null): Promise<ActiveSession[]>;
  /** Ends the session with this token (logout). */
  end(sessionId: string, reason: SessionEndReason): Promise<void>;
  /** Ends one of the user's sessions by its public handle; false when there is no such active session. */
  endByLoginId(userId: string, loginId: string, reason: SessionEndReason): Promise<boolean>;
  /** Ends every session of the user, except the one with token `exceptSessionId`; returns how many ended. */
  endAllForUser(userId: string, reason: SessionEndReason, exceptSessionId?: string | null): Promise<number>;
  /** Ends every timed-out session (run periodically, so login history gets durations for abandoned sessions). */
  sweepExpired(): Promise<number>;
  blankCookie(): string;
  readBearer(authorization: string | undefined): string | null;
  readCookie(cookieHeader: string | undefined): string | null;
}

export interface SessionOptions {
  secure: boolean;
  /** The defaults (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS), used when `timeouts` is not given. */
  idleMs: number;
  absoluteMs: number;
  now: () => Date;
  /** The session policy in force (read per use; the security policies cache it). */
  timeouts?: () => Promise<{ idleMs: number; absoluteMs: number }>;
}

/**
 * `last_seen_at` is written at most this often per session (it is the idle clock and "last seen"); with an
 * idle timeout shorter than two minutes, twice per idle period, so a session in use never idles out.
 */
const TOUCH_EVERY_MS = 60_000;

interface EndedRow {
  user_id: string;
  login_id: string | null;
}

export function createSessionManager(deps: { pool: pg.Pool; store: EventStore }, options: SessionOptions): SessionManager {
  const { pool, store } = deps;
  const lucia = createLucia(pool, options);
  const timeouts = options.timeouts ?? (async () => ({ idleMs: options.idleMs, absoluteMs: options.absoluteMs }));

  /** The rows are gone already (the sessions are over): record every end, even when one of them fails. */
  async function recordEnds(rows: EndedRow[], reason: SessionEndReason | ((row: EndedRow) => SessionEndReason)) {
    let failure: unknown = null;
    for (const row of rows) {
      if (!row.login_id) continue;
      const why = typeof reason === 'function' ? reason(row) : reason;
      const now = options.now();
      try {
        await handleCommand(store, loginStreamId(row.login_id), loginSessionDecider, { type: 'EndSession', loginId: row.login_id, reason: why }, {
          now,
          userId: row.user_id,
          metadata: { correlationId: `session-end-${row.login_id}`, userId: row.user_id, causationId: null },
        });
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure) throw failure;
  }

  async function endWhere(where: string, params: unknown[], reason: SessionEndReason): Promise<number> {
    const { rows } = await pool.query<EndedRow>(`DELETE FROM user_session WHERE ${where} RETURNING user_id, login_id`, params);
    await recordEnds(rows, reason);
    return rows.length;
  }

  return {
    cookieName: lucia.sessionCookieName,

    async create(userId, info) {
      // Written here rather than by lucia.createSession, whose deadline follows the wall clock: every
      // timestamp of a session (created, last seen, absolute deadline) comes from the same injected clock.
      const id = generateIdFromEntropySize(25);
      const { absoluteMs } = await timeouts();
      const now = options.now();
      await pool.query(
        `INSERT INTO user_session (id, user_id, expires_at, created_at, last_seen_at, ip, user_agent, login_id)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7)`,
        [id, userId, new Date(now.getTime() + absoluteMs), now, info.ip, info.userAgent, info.loginId],
      );
      return { id, cookie: lucia.createSessionCookie(id).serialize() };
    },

    async validate(sessionId) {
      const { rows } = await pool.query<{ user_id: string; login_id: string | null; expires_at: Date; created_at: Date; last_seen_at: Date }>(
        'SELECT user_id, login_id, expires_at, created_at, last_seen_at FROM user_session WHERE id = $1',
        [sessionId],
      );
      const row = rows[0];
      if (!row) return null;
      const { idleMs, absoluteMs } = await timeouts();
      const touchEveryMs = Math.min(TOUCH_EVERY_MS, Math.floor(idleMs / 2));
      const now = options.now().getTime();
      const deadline = Math.min(row.expires_at.getTime(), row.created_at.getTime() + absoluteMs);
      const expired: SessionEndReason | null =
        deadline <= now ? 'absolute_timeout' : row.last_seen_at.getTime() + idleMs <= now ? 'idle_timeout' : null;
      if (expired) {
        await endWhere('id = $1', [sessionId], expired);
        return null;
      }
      if (now - row.last_seen_at.getTime() >= touchEveryMs) {
        await pool.query('UPDATE user_session SET last_seen_at = $2 WHERE id = $1', [sessionId, new Date(now)]);
      }
      if (!row.login_id) return null;
      return { userId: row.user_id, sessionId, loginId: row.login_id };
    },

    async list(userId, currentSessionId) {
      const { idleMs, absoluteMs } = await timeouts();
      const now = options.now();
      const idleCutoff = new Date(now.getTime() - idleMs);
      const { rows } = await pool.query<{ id: string; login_id: string; ip: string | null; user_agent: string | null; created_at: Date; last_seen_at: Date }>(
        `SELECT id, login_id, ip, user_agent, created_at, last_seen_at FROM user_session
          WHERE user_id = $1 AND login_id IS NOT NULL AND expires_at > $2 AND last_seen_at > $3 AND created_at > $4
          ORDER BY last_seen_at DESC`,
        [userId, now, idleCutoff, new Date(now.getTime() - absoluteMs)],
      );
      return rows.map((r) => ({
        loginId: r.login_id,
        ip: r.ip,
        ...describeUserAgent(r.user_agent),
        createdAt: r.created_at.toISOString(),
        lastSeenAt: r.last_seen_at.toISOString(),
        current: r.id === currentSessionId,
      }));
    },

    async end(sessionId, reason) {
      await endWhere('id = $1', [sessionId], reason);
    },

    async endByLoginId(userId, loginId, reason) {
      return (await endWhere('user_id = $1 AND login_id = $2', [userId, loginId], reason)) > 0;
    },

    endAllForUser(userId, reason, exceptSessionId = null) {
      return endWhere('user_id = $1 AND id IS DISTINCT FROM $2', [userId, exceptSessionId], reason);
    },

    async sweepExpired() {
      const now = options.now();
      const { idleMs, absoluteMs } = await timeouts();
      const { rows } = await pool.query<EndedRow & { absolute: boolean }>(
        `DELETE FROM user_session WHERE expires_at <= $1 OR created_at <= $3 OR last_seen_at <= $2
         RETURNING user_id, login_id, (expires_at <= $1 OR created_at <= $3) AS absolute`,
        [now, new Date(now.getTime() - idleMs), new Date(now.getTime() - absoluteMs)],
      );
      await recordEnds(rows, (row) => ((row as EndedRow & { absolute: boolean }).absolute ? 'absolute_timeout' : 'idle_timeout'));
      return rows.length;
    },

    blankCookie: () => lucia.createBlankSessionCookie().serialize(),
    readBearer: (authorization) => (authorization ? lucia.readBearerToken(authorization) : null),
    readCookie: (cookieHeader) => (cookieHeader ? lucia.readSessionCookie(cookieHeader) : null),
  };
}
