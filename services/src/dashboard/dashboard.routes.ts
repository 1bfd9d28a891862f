import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { crmActor, dashboardAnalyticsSchema, dashboardInput } from '@crm/contracts';
import type { AppServices } from '../platform/request-context.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** The answer, as the OpenAPI document (GET /api/openapi.json) describes it. */
export const dashboardAnalyticsResponse = z.object({ success: z.literal(true), analytics: dashboardAnalyticsSchema });

/**
 * `GET /api/crm/analytics/dashboard?period=7|30|90` (spec 02 §7): `{ success, analytics: { summary,
 * recentActivity, pipeline, trends, … } }`, the same service as tRPC `dashboard.analytics`.
 */
export function registerDashboardRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/crm/analytics/dashboard',
    access: 'crm:own',
    doc: {
      summary: 'The dashboard: KPIs against the previous period, Recent Activity, pipeline, revenue trend, acquisition and funnel',
      tags: ['dashboard'],
      query: dashboardInput,
      response: dashboardAnalyticsResponse,
    },
    async handler(request) {
      const input = dashboardInput.parse({ ...(request.query as object) });
      return { success: true, analytics: await services.dashboard.analytics(crmActor(request.auth.user!), input) } satisfies z.output<typeof dashboardAnalyticsResponse>;
    },
  });
}
