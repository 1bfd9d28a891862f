import type { FastifyInstance } from 'fastify';
import { inviteUserInput, revokeInvitationInput, userListInput, userUpdateInput } from '@crm/contracts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** The users admin calls of spec 01 §7, over the same service as tRPC `users.*`. Bearer token only. */
export function registerUserRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/users',
    access: 'users:read',
    async handler(request) {
      // Query: search, userType, status, approval, sortBy, page, pageSize; counts cover the whole filtered set.
      const filter = userListInput.parse(request.query ?? {});
      return { success: true, ...(await services.users.list(filter)) };
    },
  });

  registerRestRoute(app, {
    method: 'PUT',
    url: '/api/admin/users',
    // Managers may moderate `user` accounts only: the decider refuses the rest with 403.
    access: 'users:moderate',
    body: userUpdateInput,
    async handler(request, reply, body) {
      const ctx = requestContext(services, request, reply);
      const actor = ctx.user;
      if (!actor) return reply.code(401).send({ success: false, message: 'Unauthorized: send Authorization: Bearer <token>' });
      const user = await services.users.update(body, { userId: actor.id, userType: actor.userType }, commandContext(ctx));
      return { success: true, message: 'User updated', user };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/users/invitations',
    // Managers may invite `user` accounts only: the decider refuses other types with 403.
    access: 'users:moderate',
    body: inviteUserInput,
    async handler(request, reply, body) {
      const ctx = requestContext(services, request, reply);
      const actor = ctx.user;
      if (!actor) return reply.code(401).send({ success: false, message: 'Unauthorized: send Authorization: Bearer <token>' });
      const invitation = await services.invitations.invite(body, { userId: actor.id, userType: actor.userType }, commandContext(ctx));
      return reply.code(201).send({ success: true, message: 'Invitation sent', invitation });
    },
  });

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/users/invitations',
    access: 'users:read',
    async handler() {
      return { success: true, invitations: await services.invitations.listPending() };
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/admin/users/invitations/:id',
    access: 'users:moderate',
    async handler(request, reply) {
      const { id } = revokeInvitationInput.parse(request.params ?? {});
      const ctx = requestContext(services, request, reply);
      const actor = ctx.user;
      if (!actor) return reply.code(401).send({ success: false, message: 'Unauthorized: send Authorization: Bearer <token>' });
      await services.invitations.revoke(id, { userId: actor.id, userType: actor.userType }, commandContext(ctx));
      return { success: true, message: 'Invitation revoked' };
    },
  });
}
