import type { FastifyInstance } from 'fastify';
import {
  campaignCostInput,
  campaignCostRemoveInput,
  campaignCreateInput,
  campaignListInput,
  campaignTransitionInput,
  campaignUpdateInput,
  leadFormCreateInput,
  leadFormListInput,
  leadFormUpdateInput,
  marketingIdInput,
} from '@crm/contracts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

const tags = ['marketing'];
const params = (request: { params: unknown }) => ({ ...(request.params as object) }) as Record<string, string>;
const bodyOf = (request: { body: unknown }) => (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as object) : {});

/**
 * Campaigns and lead forms over REST (issue 16), a thin adapter over the same services as tRPC
 * `marketing.campaigns.*` and `marketing.forms.*`: `{ success, campaign(s) }`, `{ success, form(s) }`; a bad body
 * is a 400 naming the field (the contracts' zod inputs).
 */
export function registerMarketingRoutes(app: FastifyInstance, services: AppServices) {
  const ctx = (request: Parameters<typeof requestContext>[1], reply: Parameters<typeof requestContext>[2]) => commandContext(requestContext(services, request, reply));

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/campaigns',
    access: 'marketing:read',
    doc: { summary: 'A page of campaigns (search, status, type, page, limit) with leads, conversion, value won and ROI, and the total', tags, query: campaignListInput },
    async handler(request) {
      return { success: true, ...(await services.campaigns.list(campaignListInput.parse({ ...(request.query as object) }))) };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/marketing/campaigns',
    access: 'marketing:manage',
    body: campaignCreateInput,
    doc: { summary: 'Create a campaign (draft)', tags },
    async handler(request, reply, body) {
      const campaign = await services.campaigns.create(body, ctx(request, reply));
      return reply.code(201).send({ success: true, message: 'Campaign created', campaign });
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/campaigns/:id',
    access: 'marketing:read',
    doc: { summary: 'One campaign with its cost entries, leads (with their deals) and forms', tags, params: marketingIdInput },
    async handler(request) {
      const { id } = marketingIdInput.parse(params(request));
      return { success: true, campaign: await services.campaigns.detail(id) };
    },
  });

  registerRestRoute(app, {
    method: 'PUT',
    url: '/api/marketing/campaigns/:id',
    access: 'marketing:manage',
    doc: { summary: 'Edit a campaign (any of its fields)', tags },
    async handler(request, reply) {
      const input = campaignUpdateInput.parse({ ...bodyOf(request), id: params(request).id });
      return { success: true, message: 'Campaign updated', campaign: await services.campaigns.update(input, ctx(request, reply)) };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/marketing/campaigns/:id/status',
    access: 'marketing:manage',
    doc: { summary: 'A lifecycle step: {action: activate | pause | resume | complete | cancel}', tags },
    async handler(request, reply) {
      const input = campaignTransitionInput.parse({ ...bodyOf(request), id: params(request).id });
      return { success: true, message: 'Campaign status changed', campaign: await services.campaigns.transition(input, ctx(request, reply)) };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/marketing/campaigns/:id/costs',
    access: 'marketing:manage',
    doc: { summary: 'Record a cost entry {amount, date, note?}; answers the campaign with its costs', tags },
    async handler(request, reply) {
      const input = campaignCostInput.parse({ ...bodyOf(request), campaignId: params(request).id });
      const campaign = await services.campaigns.addCost(input, ctx(request, reply));
      return reply.code(201).send({ success: true, message: 'Cost recorded', campaign });
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/marketing/campaigns/:id/costs/:costId',
    access: 'marketing:manage',
    doc: { summary: 'Remove a cost entry; answers the campaign with its costs', tags },
    async handler(request, reply) {
      const { id, costId } = params(request);
      const input = campaignCostRemoveInput.parse({ campaignId: id, costId });
      return { success: true, message: 'Cost removed', campaign: await services.campaigns.removeCost(input, ctx(request, reply)) };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/forms',
    access: 'marketing:read',
    doc: { summary: 'A page of lead capture forms (search, active, page, limit) with views, submissions and conversion, and the total', tags, query: leadFormListInput },
    async handler(request) {
      return { success: true, ...(await services.leadForms.list(leadFormListInput.parse({ ...(request.query as object) }))) };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/marketing/forms',
    access: 'marketing:manage',
    body: leadFormCreateInput,
    doc: { summary: 'Create a lead form {name, title, fields?, settings?, isActive?}: the default fields and settings when left out', tags },
    async handler(request, reply, body) {
      const form = await services.leadForms.create(body, ctx(request, reply));
      return reply.code(201).send({ success: true, message: 'Form created', form });
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/marketing/forms/:id',
    access: 'marketing:read',
    doc: { summary: 'One lead form', tags, params: marketingIdInput },
    async handler(request) {
      const { id } = marketingIdInput.parse(params(request));
      return { success: true, form: await services.leadForms.detail(id) };
    },
  });

  registerRestRoute(app, {
    method: 'PUT',
    url: '/api/marketing/forms/:id',
    access: 'marketing:manage',
    doc: { summary: 'Edit a lead form (any of its fields; isActive publishes or unpublishes it)', tags },
    async handler(request, reply) {
      const input = leadFormUpdateInput.parse({ ...bodyOf(request), id: params(request).id });
      return { success: true, message: 'Form updated', form: await services.leadForms.update(input, ctx(request, reply)) };
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/marketing/forms/:id',
    access: 'marketing:manage',
    doc: { summary: 'Delete a lead form (its public page and embed stop answering)', tags },
    async handler(request, reply) {
      const { id } = marketingIdInput.parse(params(request));
      await services.leadForms.delete(id, ctx(request, reply));
      return { success: true, message: 'Form deleted' };
    },
  });
}
