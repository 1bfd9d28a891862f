import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DomainError, loginInput } from '@crm/contracts';
import type { AppServices } from '../../trpc/context.ts';
import { requestContext } from '../request-auth.ts';
import { registerRestRoute } from './rest-route.ts';

/** POST /api/admin/login (spec 01 §7): the session id comes back as a bearer token for REST clients. */
export function registerLoginRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/login',
    access: 'public',
    body: loginInput,
    async handler(request, reply, body) {
      const ctx = requestContext(services, request, reply);
      const user = await services.accounts
        .authenticate(body.email, body.password)
        .catch((err: unknown) => (err instanceof DomainError ? err : Promise.reject(err)));
      if (user instanceof DomainError) return reply.code(401).send({ success: false, message: user.message });
      const session = await services.sessions.create(user.id, { loginId: randomUUID(), ip: ctx.ip, userAgent: ctx.userAgent });
      return { success: true, token: session.id, message: 'Login successful', user };
    },
  });
}
