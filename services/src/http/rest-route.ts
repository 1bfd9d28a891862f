import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import { DomainError, can, describeFieldErrors, fieldErrors, unstorableTextError, type Access } from '@crm/contracts';

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
    config: { access: route.access },
    handler: async (request, reply) => {
      const user = request.auth.user;
      if (route.access !== 'public') {
        const viaAllowed =
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
