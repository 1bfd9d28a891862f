import type { FastifyInstance } from 'fastify';
import { marketingAnalyticsInput } from '@crm/contracts';
import type { AppServices } from '../platform/request-context.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/**
 * `GET /api/marketing/summary` → `{ success, summary }` (the four cards) and `GET /api/marketing/analytics?months=`
 * → `{ success, analytics }` (the Analytics tab); the same service as tRPC `marketing.analytics.*`.
 */
export function registerMarketingAnalyticsRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/summary',
    access: 'marketing:read',
    doc: { summary: 'The Marketing summary cards: campaigns, budget and spend, leads, average conversion and ROI', tags: ['marketing'] },
    async handler() {
      return { success: true, summary: await services.marketingAnalytics.summary() };
    },
  });
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/analytics',
    access: 'marketing:read',
    doc: { summary: 'Top campaigns by ROI, top forms by conversion, traffic sources and monthly trends', tags: ['marketing'], query: marketingAnalyticsInput },
    async handler(request) {
      const input = marketingAnalyticsInput.parse({ ...(request.query as object) });
      return { success: true, analytics: await services.marketingAnalytics.report(input) };
    },
  });
}
