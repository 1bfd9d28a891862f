import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../identity/accounts.ts';
import type { ApiKeyPrincipal, AppServices, RequestContext } from '../platform/request-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: {
      user: SessionUser | null;
      sessionId: string | null;
      loginId: string | null;
      via: 'cookie' | 'bearer' | 'api-key' | null;
      /** The API key the request authenticated with (REST only); `user` is then the key's creator. */
      apiKey: ApiKeyPrincipal | null;
    };
    correlationId: string;
  }
}

/** Resolves the caller from the session cookie (web app) or a bearer token (REST clients). */
export async function resolveAuth(services: AppServices, request: FastifyRequest, reply: FastifyReply) {
  request.correlationId = (typeof request.headers['x-correlation-id'] === 'string' && request.headers['x-correlation-id'].slice(0, 100)) || randomUUID();
  request.auth = { user: null, sessionId: null, loginId: null, via: null, apiKey: null };
  const bearer = services.sessions.readBearer(request.headers.authorization);
  const cookie = bearer ? null : services.sessions.readCookie(request.headers.cookie);
  const id = bearer ?? cookie;
  if (!id) return;
  const session = await services.sessions.validate(id);
  if (!session) {
    if (cookie) reply.header('set-cookie', services.sessions.blankCookie());
    return;
  }
  const user = await services.accounts.load(session.userId);
  if (!user) return;
  request.auth = { user, sessionId: session.sessionId, loginId: session.loginId, via: bearer ? 'bearer' : 'cookie', apiKey: null };
}

export function requestContext(services: AppServices, request: FastifyRequest, reply: FastifyReply): RequestContext {
  return {
    services,
    user: request.auth.user,
    sessionId: request.auth.sessionId,
    loginId: request.auth.loginId,
    apiKey: request.auth.apiKey,
    ip: request.ip ?? null,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
    correlationId: request.correlationId,
    setCookie: (serialized) => {
      reply.header('set-cookie', serialized);
    },
  };
}
