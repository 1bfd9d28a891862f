import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createWebhookInput, replayWebhookInput, retryWebhookDeliveryInput, updateWebhookInput, webhookDeliveriesInput } from '@crm/contracts';
import { requestContext } from '../../http/request-auth.ts';
import { registerRestRoute } from '../../http/rest-route.ts';
import { type AppServices, commandContext } from '../../platform/request-context.ts';

const idParam = z.object({ id: z.string().uuid() });
const deliveryParams = z.object({ id: z.string().uuid(), deliveryId: z.string().min(1).max(200) });
const tags = ['Webhooks'];

/** Webhook endpoints (docs/INTEGRATIONS.md "Webhooks"); the same service as tRPC `webhooks.*`. */
export function registerWebhookRoutes(app: FastifyInstance, services: AppServices) {
  const { webhooks } = services;
  const ctxOf = (request: Parameters<typeof requestContext>[1], reply: Parameters<typeof requestContext>[2]) => commandContext(requestContext(services, request, reply));

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/webhooks/event-types',
    access: 'integrations:manage',
    doc: { summary: 'The catalog of webhook event types with their payload JSON Schemas', tags },
    async handler() {
      return { success: true, eventTypes: webhooks.eventTypes() };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/webhooks',
    access: 'integrations:manage',
    doc: { summary: 'List webhook endpoints with their health', tags },
    async handler() {
      return { success: true, webhooks: await webhooks.list() };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/webhooks',
    access: 'integrations:manage',
    body: createWebhookInput,
    doc: { summary: 'Create a webhook endpoint (the signing secret is returned only here)', tags },
    async handler(request, reply, body) {
      const webhook = await webhooks.create(body, ctxOf(request, reply));
      return reply.code(201).send({ success: true, webhook });
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/webhooks/:id',
    access: 'integrations:manage',
    doc: { summary: 'One webhook endpoint', tags, params: idParam },
    async handler(request) {
      const { id } = idParam.parse(request.params);
      return { success: true, webhook: await webhooks.get(id) };
    },
  });

  const updateBody = updateWebhookInput.omit({ id: true });
  registerRestRoute(app, {
    method: 'PUT',
    url: '/api/admin/webhooks/:id',
    access: 'integrations:manage',
    body: updateBody,
    doc: { summary: 'Change a webhook endpoint (name, url, events, active)', tags, params: idParam },
    async handler(request, reply, body) {
      const { id } = idParam.parse(request.params);
      return { success: true, webhook: await webhooks.update({ id, ...body }, ctxOf(request, reply)) };
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/admin/webhooks/:id',
    access: 'integrations:manage',
    doc: { summary: 'Delete a webhook endpoint', tags, params: idParam },
    async handler(request, reply) {
      const { id } = idParam.parse(request.params);
      await webhooks.remove(id, ctxOf(request, reply));
      return { success: true };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/webhooks/:id/rotate-secret',
    access: 'integrations:manage',
    doc: { summary: 'Rotate the signing secret (the previous one keeps signing for 24 h)', tags, params: idParam },
    async handler(request, reply) {
      const { id } = idParam.parse(request.params);
      return { success: true, ...(await webhooks.rotateSecret(id, ctxOf(request, reply))) };
    },
  });

  const deliveriesQuery = webhookDeliveriesInput.omit({ id: true });
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/webhooks/:id/deliveries',
    access: 'integrations:manage',
    doc: { summary: "A webhook endpoint's delivery attempts, newest first", tags, params: idParam, query: deliveriesQuery },
    async handler(request) {
      const { id } = idParam.parse(request.params);
      const { limit } = deliveriesQuery.parse(request.query ?? {});
      return { success: true, deliveries: await webhooks.deliveries(id, limit) };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/webhooks/:id/test',
    access: 'integrations:manage',
    doc: { summary: 'Send a test event (webhook.test) to this endpoint', tags, params: idParam },
    async handler(request, reply) {
      const { id } = idParam.parse(request.params);
      const { requestId } = await webhooks.sendTest(id, ctxOf(request, reply));
      return reply.code(202).send({ success: true, message: 'Test event queued', requestId });
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/webhooks/:id/deliveries/:deliveryId/retry',
    access: 'integrations:manage',
    doc: { summary: 'Send one delivery again (same webhook-id)', tags, params: deliveryParams },
    async handler(request, reply) {
      const { id, deliveryId } = retryWebhookDeliveryInput.parse(deliveryParams.parse(request.params));
      await webhooks.retry(id, deliveryId, ctxOf(request, reply));
      return reply.code(202).send({ success: true, message: 'Retry queued' });
    },
  });

  const replayBody = z.object({ from: z.iso.datetime(), to: z.iso.datetime() });
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/webhooks/:id/replay',
    access: 'integrations:manage',
    body: replayBody,
    doc: { summary: 'Send again every subscribed event committed in [from, to]', tags, params: idParam },
    async handler(request, reply, body) {
      const { id } = idParam.parse(request.params);
      const input = replayWebhookInput.parse({ id, ...body });
      await webhooks.replay(id, { from: input.from, to: input.to }, ctxOf(request, reply));
      return reply.code(202).send({ success: true, message: 'Replay queued' });
    },
  });
}
