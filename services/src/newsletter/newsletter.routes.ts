import type { FastifyInstance } from 'fastify';
import { newsletterConfirmInput, newsletterSubscribeInput } from '@crm/contracts';
import { NEWSLETTER_CHECK_INBOX_MESSAGE, NEWSLETTER_CONFIRMED_MESSAGE } from './newsletter.service.ts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** Newsletter double opt-in over REST (same service as tRPC `newsletter.subscribe` / `newsletter.confirm`). */
export function registerNewsletterRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/newsletter/subscribe',
    access: 'public',
    body: newsletterSubscribeInput,
    async handler(request, reply, body) {
      await services.newsletter.subscribe(body, commandContext(requestContext(services, request, reply)));
      return reply.code(202).send({ success: true, message: NEWSLETTER_CHECK_INBOX_MESSAGE });
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/newsletter/confirm',
    access: 'public',
    body: newsletterConfirmInput,
    async handler(request, _reply, body) {
      const { alreadyConfirmed } = await services.newsletter.confirm(body.token, commandContext(requestContext(services, request, _reply)));
      return { success: true, message: NEWSLETTER_CONFIRMED_MESSAGE, alreadyConfirmed };
    },
  });
}
