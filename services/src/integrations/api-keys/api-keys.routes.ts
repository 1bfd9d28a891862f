import type { FastifyInstance } from 'fastify';
import { apiKeyCreateInput, apiKeyIdInput } from '@crm/contracts';
import { requestContext } from '../../http/request-auth.ts';
import { registerRestRoute } from '../../http/rest-route.ts';
import { commandContext, type AppServices } from '../../platform/request-context.ts';

/** `/api/admin/api-keys` (docs/INTEGRATIONS.md, "API keys"): a signed-in admin's bearer token only. */
export function registerApiKeyRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/api-keys',
    access: 'integrations:manage',
    body: apiKeyCreateInput,
    doc: { summary: 'Create an API key (the key is in this answer only)', tags: ['API keys'] },
    async handler(request, reply, body) {
      const apiKey = await services.apiKeys.create(body, request.auth.user!, commandContext(requestContext(services, request, reply)));
      return reply.code(201).header('cache-control', 'no-store').send({ success: true, message: 'API key created: copy it now, it is not shown again', apiKey });
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/api-keys',
    access: 'integrations:manage',
    doc: { summary: 'List API keys (masked, with last use and request count)', tags: ['API keys'] },
    async handler() {
      return { success: true, apiKeys: await services.apiKeys.list() };
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/admin/api-keys/:id',
    access: 'integrations:manage',
    doc: { summary: 'Revoke an API key', tags: ['API keys'], params: apiKeyIdInput },
    async handler(request, reply) {
      const { id } = apiKeyIdInput.parse(request.params);
      await services.apiKeys.revoke(id, commandContext(requestContext(services, request, reply)));
      return { success: true, message: 'API key revoked' };
    },
  });
}
