/**
 * The one session module (lucia 3 is deprecated upstream: everything lucia-specific stays in this file).
 * Session ids are lucia's 40-character base32 strings (200 bits). The web app carries the id in an
 * HttpOnly cookie; REST clients send it as `Authorization: Bearer <id>`.
 */
import { Lucia, TimeSpan } from 'lucia';
import { NodePostgresAdapter } from '@lucia-auth/adapter-postgresql';
import type pg from 'pg';

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    DatabaseSessionAttributes: { ip: string | null; user_agent: string | null };
    DatabaseUserAttributes: { email: string };
  }
}

function createLucia(pool: pg.Pool, secure: boolean) {
  return new Lucia(new NodePostgresAdapter(pool, { user: 'auth_user', session: 'user_session' }), {
    sessionExpiresIn: new TimeSpan(7, 'd'),
    sessionCookie: {
      name: secure ? '__Host-crm_session' : 'crm_session',
      expires: false,
      attributes: { secure, sameSite: 'lax', path: '/' },
    },
    getSessionAttributes: (a) => ({ ip: a.ip, userAgent: a.user_agent }),
    getUserAttributes: (a) => ({ email: a.email }),
  });
}

export interface SessionManager {
  cookieName: string;
  create(userId: string, info: { ip: string | null; userAgent: string | null }): Promise<{ id: string; cookie: string }>;
  /** Returns the session's user id, refreshing the session when it is past half its life. */
  validate(sessionId: string): Promise<{ userId: string; sessionId: string; refreshedCookie: string | null } | null>;
  invalidate(sessionId: string): Promise<void>;
  blankCookie(): string;
  readBearer(authorization: string | undefined): string | null;
  readCookie(cookieHeader: string | undefined): string | null;
}

export function createSessionManager(pool: pg.Pool, options: { secure: boolean }): SessionManager {
  const lucia = createLucia(pool, options.secure);
  return {
    cookieName: lucia.sessionCookieName,
    async create(userId, info) {
      const session = await lucia.createSession(userId, { ip: info.ip, user_agent: info.userAgent });
      return { id: session.id, cookie: lucia.createSessionCookie(session.id).serialize() };
    },
    async validate(sessionId) {
      const { session, user } = await lucia.validateSession(sessionId);
      if (!session || !user) return null;
      return {
        userId: user.id,
        sessionId: session.id,
        refreshedCookie: session.fresh ? lucia.createSessionCookie(session.id).serialize() : null,
      };
    },
    invalidate: (sessionId) => lucia.invalidateSession(sessionId),
    blankCookie: () => lucia.createBlankSessionCookie().serialize(),
    readBearer: (authorization) => (authorization ? lucia.readBearerToken(authorization) : null),
    readCookie: (cookieHeader) => (cookieHeader ? lucia.readSessionCookie(cookieHeader) : null),
  };
}
