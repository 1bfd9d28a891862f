import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integrationIdInput, setIntegrationActiveInput } from '@crm/contracts';
import { requestContext } from '../../http/request-auth.ts';
import { registerRestRoute } from '../../http/rest-route.ts';
import { commandContext, type AppServices } from '../../platform/request-context.ts';

const feedParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/, 'must be <token>.ics') });

/** The marketplace's REST routes (docs/INTEGRATIONS.md, "Marketplace") and the public calendar feed. */
export function registerMarketplaceRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/integrations',
    access: 'integrations:manage',
    doc: { summary: 'The marketplace catalog with each integration’s state, and the summary cards', tags: ['integrations'] },
    async handler() {
      const [integrations, summary] = await Promise.all([services.marketplace.list(), services.marketplace.summary()]);
      return { success: true, integrations, summary };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/integrations/:id/install',
    access: 'integrations:manage',
    doc: { summary: 'Install an integration', tags: ['integrations'], params: integrationIdInput },
    async handler(request, reply) {
      const { id } = integrationIdInput.parse(request.params);
      const integration = await services.marketplace.install(id, commandContext(requestContext(services, request, reply)));
      return reply.code(201).send({ success: true, message: 'Integration Installed', integration });
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/integrations/:id/status',
    access: 'integrations:manage',
    body: setIntegrationActiveInput.pick({ active: true }),
    doc: { summary: 'Enable or disable an installed integration', tags: ['integrations'], params: integrationIdInput },
    async handler(request, reply, body) {
      const { id } = integrationIdInput.parse(request.params);
      const integration = await services.marketplace.setActive(id, body.active, commandContext(requestContext(services, request, reply)));
      return { success: true, message: body.active ? 'Integration Enabled' : 'Integration Disabled', integration };
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/admin/integrations/:id',
    access: 'integrations:manage',
    doc: { summary: 'Uninstall an integration (its secret is deleted)', tags: ['integrations'], params: integrationIdInput },
    async handler(request, reply) {
      const { id } = integrationIdInput.parse(request.params);
      await services.marketplace.uninstall(id, commandContext(requestContext(services, request, reply)));
      return { success: true, message: 'Integration uninstalled' };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/integrations/calendar/:file',
    access: 'public',
    doc: { summary: 'The calendar feed (iCalendar) of confirmed bookings; the secret token is the credential', tags: ['integrations'], params: feedParams },
    async handler(request, reply) {
      const parsed = feedParams.safeParse(request.params);
      const ics = parsed.success ? await services.marketplace.calendarFeed(parsed.data.file.slice(0, -4)) : null;
      if (ics === null) return reply.code(404).send({ success: false, message: 'Calendar feed not found' });
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(ics);
    },
  });
}
