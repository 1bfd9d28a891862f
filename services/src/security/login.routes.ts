import type { FastifyInstance } from 'fastify';
import { DomainError, loginInput, type ErrorCode } from '@crm/contracts';
import { TooManyRequestsError } from './too-many-requests.error.ts';
import type { AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** HTTP status per login refusal: the same 401 for an unknown e-mail and a wrong password. */
const STATUS: Partial<Record<ErrorCode, number>> = { invalid_credentials: 401, awaiting_approval: 403, account_deactivated: 403, ip_blocked: 403, account_suspended: 403, account_locked: 403 };

/**
 * POST /api/admin/login (spec 01 §7): the session id comes back as a bearer token for REST clients.
 * Same flow as tRPC auth.login (security/login.service.ts).
 */
export function registerLoginRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/login',
    access: 'public',
    body: loginInput,
    async handler(request, reply, body) {
      const ctx = requestContext(services, request, reply);
      try {
        const result = await services.security.login.login({
          email: body.email,
          password: body.password,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          currentSessionId: ctx.sessionId,
          correlationId: ctx.correlationId,
        });
        return { success: true, token: result.sessionId, message: 'Login successful', user: result.user };
      } catch (err) {
        if (err instanceof TooManyRequestsError) {
          return reply
            .code(429)
            .header('retry-after', String(err.retryAfterSeconds))
            .send({ success: false, message: err.message, code: err.code, retryAfterSeconds: err.retryAfterSeconds });
        }
        if (err instanceof DomainError && STATUS[err.code as ErrorCode]) return reply.code(STATUS[err.code as ErrorCode]!).send({ success: false, message: err.message, code: err.code });
        throw err;
      }
    },
  });
}
