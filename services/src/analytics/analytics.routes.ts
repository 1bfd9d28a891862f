import type { FastifyInstance } from 'fastify';
import { analyticsBatchInput } from '@crm/contracts';
import type { AppServices } from '../platform/request-context.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/**
 * `POST /api/analytics/events`: the web app's batched usage events (sent only with analytics consent).
 * `navigator.sendBeacon` posts a string as `text/plain`, so a text body is parsed as JSON here; `application/json`
 * works as well. 204 on success, 400 naming the field (nothing written) otherwise. Rate limited per address
 * (bucket `analytics` in security/public-post-guard.ts).
 */
export function registerAnalyticsRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/analytics/events',
    access: 'public',
    async handler(request, reply) {
      let raw: unknown = request.body ?? {};
      if (typeof raw === 'string') {
        try {
          raw = JSON.parse(raw);
        } catch {
          return reply.code(400).send({ success: false, message: 'Invalid input: body must be JSON', errors: { body: ['must be JSON'] } });
        }
      }
      const batch = analyticsBatchInput.parse(raw);
      await services.analytics.record(batch, { correlationId: request.correlationId || request.id });
      return reply.code(204).send();
    },
  });
}
