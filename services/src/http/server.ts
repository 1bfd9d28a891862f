import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { ZodType } from 'zod';
import { isKnownRoute, type Access } from '@crm/contracts';
import { registerPublicPostGuard } from '../security/public-post-guard.hook.ts';
import { registerAdminIpAllowList } from '../security/policies/admin-ip-allow-list.hook.ts';
import { TooManyRequestsError } from '../security/too-many-requests.error.ts';
import { appRouter, type AppRouter } from '../trpc/app.router.ts';
import { serviceModules } from '../domains.ts';
import type { AppServices } from '../platform/request-context.ts';
import { requestContext, resolveAuth } from './request-auth.ts';
import type { RouteDoc } from './rest-route.ts';
import { registerSeoRoutes } from './seo.routes.ts';
import { registerOpenApiRoute } from './openapi.ts';
import { PUBLIC_FORM_PATH } from '../marketing/embed-origins.ts';

export interface HttpServerOptions {
  services: AppServices;
  /** Built web app (index.html + assets); not served when missing. */
  webDist: string | null;
  /** Reports whether every role of this process is ready, for GET /healthz. */
  readiness(): { ready: boolean; roles: Record<string, boolean> };
  logLevel?: string;
  /** Proxies allowed to set X-Forwarded-For (false: none; a hop count; or addresses/CIDRs). */
  trustProxy?: boolean | number | string[];
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What is wrong with a JSON text the parser refused, in a sentence. */
function jsonProblem(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return err instanceof Error ? err.message : 'not valid JSON';
  }
  // Valid JSON, refused for a key that could poison prototypes.
  return 'it holds a "__proto__" or "constructor.prototype" key';
}

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** A REST route and the access level it declared (walked by the permission-matrix test). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** Declared through registerRestRoute: its body schema and documentation (for the OpenAPI document). */
  body?: ZodType;
  doc?: RouteDoc;
  allowCookie?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes: readonly DeclaredRoute[];
  }
}

export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    logger: options.logLevel && options.logLevel !== 'silent' ? { level: options.logLevel } : false,
    // A hop count trusts that many proxies in front of us (fastify's types take it as a function).
    trustProxy: typeof options.trustProxy === 'number' ? hopsTrusted(options.trustProxy) : (options.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
  });

  // JSON bodies: an empty one (many clients send `Content-Type: application/json` with a body-less DELETE) is
  // no body, as without the header; broken JSON is a 400 that says what is wrong. Prototype-poisoning keys stay
  // refused (Fastify's own parser does the parsing). The tRPC plugin reads its bodies with its own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (err, value) => {
      if (err) return done(Object.assign(new Error(`Invalid JSON body: ${jsonProblem(text)}`), { statusCode: 400 }), undefined);
      done(null, value);
    });
  });

  // Every /api route must declare who may call it (docs/PERMISSIONS.md): a route without is a start-up error.
  const declaredRoutes: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const config = route.config as { access?: Access; body?: ZodType; doc?: RouteDoc; allowCookie?: boolean } | undefined;
    const access = config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access level`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declaredRoutes.push({ method, url: route.url, access, body: config?.body, doc: config?.doc, allowCookie: config?.allowCookie });
    }
  });
  app.decorate('declaredRoutes', declaredRoutes);
  // REST routes rate-limit and count requests made with an API key (http/rest-route.ts).
  app.decorate('apiKeyServices', services.apiKeys);

  // Declared up front (Fastify keeps request objects monomorphic); resolveAuth fills it per request.
  app.decorateRequest('auth', null as unknown as FastifyRequest['auth']);
  app.decorateRequest('correlationId', '');

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    return payload;
  });

  // CSRF: a state-changing request from another origin is refused; tRPC calls must also carry a
  // non-simple header, which a cross-site form or simple fetch cannot add without a CORS preflight.
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The public lead-form endpoints act for no session; they answer other sites by the form's allowed origins.
    if (PUBLIC_FORM_PATH.test(request.url)) return;
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let sameOrigin = false;
      try {
        sameOrigin = new URL(origin).host === request.headers.host;
      } catch {
        sameOrigin = false;
      }
      if (!sameOrigin) return reply.code(403).send({ success: false, message: 'Cross-origin request refused' });
    }
    if (request.url.startsWith('/trpc/') && request.headers['x-crm-csrf'] !== '1') {
      return reply.code(403).send({ success: false, message: 'Missing x-crm-csrf header' });
    }
  });

  // Blocked addresses and per-address rate limits on the public POST endpoints (security/public-post-guard.hook.ts).
  registerPublicPostGuard(app, { ipBlocks: services.security.ipBlocks, rateLimiter: services.security.rateLimiter, now: services.now });
  // The admin area's IP allow list (security policy): permission-guarded routes and procedures, 403 outside the list.
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { meta?: { access?: Access } } } | undefined> } })._def.procedures;
  registerAdminIpAllowList(app, { policies: services.securityPolicies, procedureAccess: (name) => procedures[name]?._def.meta?.access });

  app.addHook('preHandler', async (request, reply) => {
    if (request.url.startsWith('/trpc/') || request.url.startsWith('/api/')) await resolveAuth(services, request, reply);
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => requestContext(services, req, res),
      // A throttled login says when to come back (Retry-After), as the REST route does.
      responseMeta: ({ errors }) => {
        const retry = errors.map((e) => (e.cause instanceof TooManyRequestsError ? e.cause.retryAfterSeconds : 0)).reduce((a, b) => Math.max(a, b), 0);
        return retry > 0 ? { headers: { 'retry-after': String(retry) } } : {};
      },
      onError: ({ error, path: procedurePath }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path: procedurePath }, 'tRPC procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // Every domain's REST routes (services/src/domains.ts).
  for (const module of serviceModules) module.routes?.(app, services);
  // The OpenAPI document of every route above (http/openapi.ts).
  registerOpenApiRoute(app);

  registerSeoRoutes(app, services.config.publicUrl);

  app.get('/healthz', async (_request, reply) => {
    const status = options.readiness();
    return reply.code(status.ready ? 200 : 503).send({ status: status.ready ? 'ok' : 'starting', roles: status.roles });
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    return reply.code(status).send({ success: false, message: status >= 500 ? 'Internal server error' : error.message });
  });

  const webDist = options.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    // preCompressed: web/scripts/post-build.mjs writes .br and .gz next to each asset; served per Accept-Encoding.
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', preCompressed: true });
    app.get('/assets/*', (request, reply) => reply.code(404).send({ success: false, message: 'Not found' }));
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/trpc/')) {
        return reply.code(404).send({ success: false, message: 'Not found' });
      }
      // Known pages of the app answer 200; anything else gets the app's 404 page with HTTP 404.
      const path = request.url.split('?', 1)[0] ?? '/';
      return reply.code(isKnownRoute(path) ? 200 : 404).header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, message: 'Not found' }));
  }
  return app;
}
