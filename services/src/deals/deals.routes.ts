import type { FastifyInstance } from 'fastify';
import { crmActor, dealCreateInput, dealIdInput, dealRestUpdateInput } from '@crm/contracts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** The spec's `/api/crm/deals` calls (spec 02 §7), as a thin adapter over the same services as tRPC. */
export function registerDealsRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/crm/deals',
    access: 'crm:own',
    async handler(request) {
      return { success: true, deals: await services.deals.list(crmActor(request.auth.user!)) };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/crm/deals',
    access: 'crm:own',
    body: dealCreateInput,
    async handler(request, reply, body) {
      const deal = await services.deals.create(crmActor(request.auth.user!), body, commandContext(requestContext(services, request, reply)));
      return reply.code(201).send({ success: true, message: 'Deal created', deal });
    },
  });

  registerRestRoute(app, {
    method: 'PUT',
    url: '/api/crm/deals/:id',
    access: 'crm:own',
    body: dealRestUpdateInput,
    async handler(request, reply, body) {
      const { id } = dealIdInput.parse(request.params);
      const deal = await services.deals.update(crmActor(request.auth.user!), id, body, commandContext(requestContext(services, request, reply)));
      return { success: true, message: 'Deal updated', deal };
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/crm/deals/:id',
    access: 'crm:own',
    async handler(request, reply) {
      const { id } = dealIdInput.parse(request.params);
      await services.deals.delete(crmActor(request.auth.user!), id, commandContext(requestContext(services, request, reply)));
      return { success: true, message: 'Deal deleted' };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/crm/deals/:id/restore',
    access: 'crm:restore',
    async handler(request, reply) {
      const { id } = dealIdInput.parse(request.params);
      const deal = await services.deals.restore(crmActor(request.auth.user!), id, commandContext(requestContext(services, request, reply)));
      return { success: true, message: 'Deal restored', deal };
    },
  });
}
