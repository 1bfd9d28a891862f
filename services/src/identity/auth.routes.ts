import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INVALID_INVITATION, INVALID_RESET_TOKEN, acceptInvitationInput, invitationTokenInput, passwordResetInput, passwordResetRequestInput, passwordResetValidateInput, registerInput } from '@crm/contracts';
import { RESET_DONE_MESSAGE, RESET_REQUEST_MESSAGE, RESET_VALID_MESSAGE } from './password-reset.service.ts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** Which password-reset step a call is: POST request|reset, GET validate (spec 01 §7). */
const postAction = z.object({ action: z.enum(['request', 'reset'], { error: 'must be request or reset' }) });
const getAction = z.object({ action: z.literal('validate', { error: 'must be validate' }) });

/** Self-registration and password reset (spec 01 §7), over the same services as tRPC `auth.*`. */
export function registerAuthRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'POST',
    url: '/api/auth/register',
    access: 'public',
    body: registerInput,
    async handler(request, reply, body) {
      // The same status and body whether or not the e-mail was taken (no enumeration).
      const result = await services.registration.register(body, commandContext(requestContext(services, request, reply)));
      return reply.code(201).send(result);
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/password-reset',
    access: 'public',
    async handler(request, reply) {
      const { action } = postAction.parse(request.query ?? {});
      const ctx = commandContext(requestContext(services, request, reply));
      if (action === 'request') {
        const input = passwordResetRequestInput.parse(request.body ?? {});
        await services.passwordReset.request(input, ctx);
        return { success: true, message: RESET_REQUEST_MESSAGE };
      }
      const input = passwordResetInput.parse(request.body ?? {});
      if (!(await services.passwordReset.reset(input, ctx))) return reply.code(400).send({ success: false, message: INVALID_RESET_TOKEN });
      return { success: true, message: RESET_DONE_MESSAGE };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/password-reset',
    access: 'public',
    async handler(request, reply) {
      getAction.parse(request.query ?? {});
      const { token } = passwordResetValidateInput.parse(request.query ?? {});
      const valid = await services.passwordReset.validate(token);
      if (!valid) return reply.code(400).send({ success: false, message: INVALID_RESET_TOKEN });
      return { success: true, email: valid.email, message: RESET_VALID_MESSAGE };
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/auth/invitation',
    access: 'public',
    async handler(request, reply) {
      const { token } = invitationTokenInput.parse(request.query ?? {});
      const valid = await services.invitations.validate(token);
      if (!valid) return reply.code(400).send({ success: false, message: INVALID_INVITATION });
      return { success: true, email: valid.email, userType: valid.userType };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/auth/invitation/accept',
    access: 'public',
    body: acceptInvitationInput,
    async handler(request, reply, body) {
      const accepted = await services.invitations.accept(body, commandContext(requestContext(services, request, reply)));
      if (!accepted) return reply.code(400).send({ success: false, message: INVALID_INVITATION });
      return { success: true, message: 'Your account is ready: you can log in now', email: accepted.email, userType: accepted.userType };
    },
  });
}
