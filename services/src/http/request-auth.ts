import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../identity/accounts.ts';
import { looksLikeApiKey } from '../integrations/api-keys/api-key.format.ts';
import type { ApiKeyRefusal } from '../integrations/api-keys/api-keys.service.ts';
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
      /** Why the `crm_live_` bearer key of this request was refused (a 401 on any non-public route). */
      apiKeyRefusal: ApiKeyRefusal | null;
    };
    correlationId: string;
  }
}

/** Resolves the caller from the session cookie (web app) or a bearer token (REST clients). */
export async function resolveAuth(services: AppServices, request: FastifyRequest, reply: FastifyReply) {
  request.correlationId = (typeof request.headers['x-correlation-id'] === 'string' && request.headers['x-correlation-id'].slice(0, 100)) || randomUUID();
  request.auth = { user: null, sessionId: null, loginId: null, via: null, apiKey: null, apiKeyRefusal: null };
  const bearer = services.sessions.readBearer(request.headers.authorization);
  if (bearer && looksLikeApiKey(bearer)) {
    // API keys call REST only (tRPC stays for sessions): on /trpc a key is no caller at all.
    if (!request.url.startsWith('/api/')) return;
    const result = await services.apiKeys.authenticate(bearer);
    if (!result.ok) {
      request.auth.apiKeyRefusal = result.code;
      return;
    }
    // The key acts as its creator as they are now (demoted: fewer rights), limited further by its scopes (http/rest-route.ts).
    request.auth = { user: result.creator, sessionId: null, loginId: null, via: 'api-key', apiKey: result.principal, apiKeyRefusal: null };
    return;
  }
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
  request.auth = { user, sessionId: session.sessionId, loginId: session.loginId, via: bearer ? 'bearer' : 'cookie', apiKey: null, apiKeyRefusal: null };
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
