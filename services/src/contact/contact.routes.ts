import type { FastifyInstance } from 'fastify';
import { contactSendInput } from '@crm/contracts';
import { CONTACT_SENT_MESSAGE } from './contact.service.ts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** The contact form over REST (same service as tRPC `contact.send`). */
export function registerContactRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/contact',
    access: 'public',
    body: contactSendInput,
    async handler(request, reply, body) {
      const { messageId } = await services.contact.send(body, commandContext(requestContext(services, request, reply)));
      return reply.code(201).send({ success: true, message: CONTACT_SENT_MESSAGE, messageId });
    },
  });
}
