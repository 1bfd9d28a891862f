import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { marketingAnalyticsInput, marketingAnalyticsSchema, marketingSummarySchema } from '@crm/contracts';
import type { AppServices } from '../platform/request-context.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** The answers, as the OpenAPI document (GET /api/openapi.json) describes them. */
export const marketingSummaryResponse = z.object({ success: z.literal(true), summary: marketingSummarySchema });
export const marketingAnalyticsResponse = z.object({ success: z.literal(true), analytics: marketingAnalyticsSchema });

/**
 * `GET /api/marketing/summary` → `{ success, summary }` (the four cards) and `GET /api/marketing/analytics?months=`
 * → `{ success, analytics }` (the Analytics tab); the same service as tRPC `marketing.analytics.*`.
 */
export function registerMarketingAnalyticsRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/summary',
    access: 'marketing:read',
    doc: {
      summary: 'The Marketing summary cards: campaigns, budget and spend, leads, average conversion and ROI',
      tags: ['marketing'],
      response: marketingSummaryResponse,
    },
    async handler() {
      return { success: true, summary: await services.marketingAnalytics.summary() } satisfies z.output<typeof marketingSummaryResponse>;
    },
  });
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/analytics',
    access: 'marketing:read',
    doc: {
      summary: 'Top campaigns by ROI, top forms by conversion, traffic sources and monthly trends',
      tags: ['marketing'],
      query: marketingAnalyticsInput,
      response: marketingAnalyticsResponse,
    },
    async handler(request) {
      const input = marketingAnalyticsInput.parse({ ...(request.query as object) });
      return { success: true, analytics: await services.marketingAnalytics.report(input) } satisfies z.output<typeof marketingAnalyticsResponse>;
    },
  });
}
