import type { FastifyInstance } from 'fastify';
import { registerRestRoute } from '../http/rest-route.ts';
import type { AppServices } from '../platform/request-context.ts';

/** `GET /api/status`: the public status page's data (current states, 90-day uptime and bars, incidents). */
export function registerStatusRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/status',
    access: 'public',
    async handler(_request, reply) {
      const overview = await services.status.overview();
      return reply.header('cache-control', 'no-store').send({ success: true, message: 'Service status', ...overview });
    },
  });
}
