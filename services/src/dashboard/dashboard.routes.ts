import type { FastifyInstance } from 'fastify';
import { crmActor, dashboardInput } from '@crm/contracts';
import type { AppServices } from '../platform/request-context.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/**
 * `GET /api/crm/analytics/dashboard?period=7|30|90` (spec 02 §7): `{ success, analytics: { summary,
 * recentActivity, pipeline, trends, … } }`, the same service as tRPC `dashboard.analytics`.
 */
export function registerDashboardRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/crm/analytics/dashboard',
    access: 'crm:own',
    async handler(request) {
      const input = dashboardInput.parse({ ...(request.query as object) });
      return { success: true, analytics: await services.dashboard.analytics(crmActor(request.auth.user!), input) };
    },
  });
}
