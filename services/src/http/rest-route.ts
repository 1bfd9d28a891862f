import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import { DomainError, apiKeyScopeFor, can, describeFieldErrors, fieldErrors, unstorableTextError, type Access } from '@crm/contracts';
import type { ApiKeyRefusal, ApiKeysService } from '../integrations/api-keys/api-keys.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The API keys' rate limit and usage counter, for the REST routes (decorated by the HTTP server). */
    apiKeyServices: Pick<ApiKeysService, 'rateLimit' | 'recordUse'>;
  }
}

const API_KEY_REFUSALS: Record<ApiKeyRefusal, string> = {
  api_key_invalid: 'Unauthorized: this API key is not valid',
  api_key_revoked: 'Unauthorized: this API key has been revoked',
  api_key_expired: 'Unauthorized: this API key has expired',
  api_key_creator_inactive: 'Unauthorized: the account that created this API key is no longer active',
};

/**
 * What the OpenAPI document (GET /api/openapi.json, http/openapi.ts) says about a route beyond its method, path,
 * access and body: a summary, tags, and the zod schemas of its query, path parameters and answer.
 */
export interface RouteDoc {
  summary?: string;
  description?: string;
  tags?: string[];
  query?: ZodType;
  params?: ZodType;
  response?: ZodType;
}

export interface RestRoute<S extends ZodType | undefined> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Who may call it; checked before the handler. REST admin routes take a bearer token only. */
  access: Access;
  body?: S;
  /**
   * Also accept the web app's session cookie (GET only: a download the browser starts itself, e.g. the
   * login-history CSV; a GET changes nothing, so CSRF does not apply).
   */
  allowCookie?: boolean;
  /**
   * Also accept the session cookie on a state-changing request when it carries `x-crm-csrf: 1`: the same
   * CSRF rule as tRPC (a cross-site form cannot add the header; the server refuses cross-origin requests).
   * For uploads the web app sends with fetch (e.g. a customer's file).
   */
  allowCookieWithCsrfHeader?: boolean;
  /** For the OpenAPI document (optional). */
  doc?: RouteDoc;
  handler(request: FastifyRequest, reply: FastifyReply, body: S extends ZodType ? z.output<S> : undefined): Promise<unknown>;
}

const DOMAIN_STATUS = { not_found: 404, unprocessable: 422, forbidden: 403, conflict: 409 } as const;

/** `{ success: false, message }` with the right status for every error a client can cause. */
export function sendError(reply: FastifyReply, err: unknown) {
  if (err instanceof ZodError) {
    const errors = fieldErrors(err);
    return reply.code(400).send({ success: false, message: `Invalid input: ${describeFieldErrors(errors)}`, errors });
  }
  if (err instanceof DomainError) {
    const status = DOMAIN_STATUS[err.kind];
    return reply.code(status).send({ success: false, message: err.message, code: err.code });
  }
  throw err;
}

export function registerRestRoute<S extends ZodType | undefined>(app: FastifyInstance, route: RestRoute<S>) {
  app.route({
    method: route.method,
    url: route.url,
    // Every route declares who may call it (read back through onRoute for the permission matrix).
    // body and doc feed the OpenAPI document (http/openapi.ts).
    config: { access: route.access, body: route.body, doc: route.doc, allowCookie: route.allowCookie === true || route.allowCookieWithCsrfHeader === true },
    handler: async (request, reply) => {
      const user = request.auth.user;
      // API keys (docs/INTEGRATIONS.md, "API keys"): a refused key is a 401 on any guarded route; a valid one is
      // rate limited (RateLimit headers on every answer) and needs the scope the route's access maps to.
      if (request.auth.apiKeyRefusal && route.access !== 'public') {
        return reply.code(401).send({ success: false, message: API_KEY_REFUSALS[request.auth.apiKeyRefusal], code: request.auth.apiKeyRefusal });
      }
      const apiKey = request.auth.apiKey;
      if (apiKey) {
        const limit = await request.server.apiKeyServices.rateLimit(apiKey.id);
        if (limit) {
          reply.header('ratelimit-policy', `"api-key";q=${limit.limit};w=${limit.windowSeconds}`);
          reply.header('ratelimit', `"api-key";r=${limit.remaining};t=${limit.resetSeconds}`);
          if (!limit.allowed) {
            return reply
              .code(429)
              .header('retry-after', String(limit.resetSeconds))
              .send({ success: false, message: `Too many requests with this API key. Try again in ${limit.resetSeconds} seconds.`, code: 'api_key_rate_limited' });
          }
        }
        request.server.apiKeyServices.recordUse(apiKey.id);
        const scope = apiKeyScopeFor(route.method, route.url, route.access);
        if (scope === 'none' || (scope !== null && !apiKey.scopes.includes(scope))) {
          const message = scope === 'none' ? 'API keys cannot call this route' : `This API key lacks the scope ${scope}`;
          return reply.code(403).send({ success: false, message, code: 'api_key_scope_missing', ...(scope === 'none' ? {} : { requiredScope: scope }) });
        }
      }
      if (route.access !== 'public') {
        const viaAllowed =
          request.auth.via === 'api-key' ||
          request.auth.via === 'bearer' ||
          (route.allowCookie === true && route.method === 'GET' && request.auth.via === 'cookie') ||
          (route.allowCookieWithCsrfHeader === true && request.auth.via === 'cookie' && request.headers['x-crm-csrf'] === '1');
        if (!user || !viaAllowed) return reply.code(401).send({ success: false, message: 'Unauthorized: send Authorization: Bearer <token>' });
        if (route.access !== 'authenticated' && !can(user.userType, route.access)) {
          return reply.code(403).send({ success: false, message: 'Forbidden' });
        }
      }
      try {
        // Strings PostgreSQL cannot store (U+0000, lone surrogates), anywhere in the input: a 400 naming the
        // field, before any handler could pass one to the database. The parsed query and params objects have
        // their own prototypes: spread into plain objects to walk them.
        const unstorable =
          unstorableTextError({ ...(request.params as object) }) ?? unstorableTextError({ ...(request.query as object) }) ?? unstorableTextError(request.body);
        if (unstorable) throw unstorable;
        const body = route.body ? route.body.parse(request.body ?? {}) : undefined;
        return await route.handler(request, reply, body as never);
      } catch (err) {
        return sendError(reply, err);
      }
    },
  });
}
