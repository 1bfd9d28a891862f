import type { FastifyInstance } from 'fastify';
import { apiLogListInput, apiLogListResultSchema } from '@crm/contracts';
import { z } from 'zod';
import { registerRestRoute } from '../../http/rest-route.ts';
import type { AppServices } from '../../platform/request-context.ts';

/** `GET /api/admin/api-logs`: the API Logs tab's rows over REST, `{ success, data, total }`. */
export function registerApiLogsRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/api-logs',
    access: 'integrations:manage',
    doc: {
      summary: 'List API logs (requests made with API keys and webhook attempts), newest first',
      tags: ['integrations'],
      query: apiLogListInput,
      response: z.object({ success: z.literal(true), data: apiLogListResultSchema.shape.items, total: z.number().int() }),
    },
    async handler(request) {
      const input = apiLogListInput.parse(request.query ?? {});
      const { items, total } = await services.apiLogs.list(input);
      return { success: true, data: items, total };
    },
  });
}
