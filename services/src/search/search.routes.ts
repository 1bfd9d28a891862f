import type { FastifyInstance } from 'fastify';
import { searchInput } from '@crm/contracts';
import type { AppServices } from '../platform/request-context.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** `GET /api/crm/search?q=&limit=`: the command palette's query over REST (same service as tRPC `search.query`). */
export function registerSearchRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/crm/search',
    access: 'crm:own',
    async handler(request) {
      const input = searchInput.parse({ ...(request.query as object) });
      return { success: true, results: await services.search.search(request.auth.user!, input) };
    },
  });
}
