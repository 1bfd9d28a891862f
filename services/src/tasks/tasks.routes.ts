import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { crmActor, taskCreateInput, taskIdInput, taskListInput, taskUpdateFields } from '@crm/contracts';
import { commandContext, type AppServices } from '../platform/request-context.ts';
import { requestContext } from '../http/request-auth.ts';
import { registerRestRoute } from '../http/rest-route.ts';

/** `PUT /api/crm/tasks/{id}` body: any task field; the spec's client sends `{status, completedAt}` (completedAt is decided by the server). */
const taskUpdateBody = z.object(taskUpdateFields);

/** The spec's `/api/crm/tasks` calls (spec 02 §7), as a thin adapter over the same services as tRPC. */
export function registerTasksRoutes(app: FastifyInstance, services: AppServices) {
  registerRestRoute(app, {
    method: 'GET',
    url: '/api/crm/tasks',
    access: 'crm:own',
    async handler(request) {
      const filter = taskListInput.parse(request.query ?? {});
      const { tasks, stats } = await services.tasks.list(filter, crmActor(request.auth.user!));
      return { success: true, tasks, stats };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/crm/tasks',
    access: 'crm:own',
    body: taskCreateInput,
    async handler(request, reply, body) {
      const task = await services.tasks.create(body, crmActor(request.auth.user!), commandContext(requestContext(services, request, reply)));
      return reply.code(201).send({ success: true, message: 'Task created', task });
    },
  });

  registerRestRoute(app, {
    method: 'PUT',
    url: '/api/crm/tasks/:id',
    access: 'crm:own',
    async handler(request, reply) {
      const { id } = taskIdInput.parse(request.params);
      const body = taskUpdateBody.parse(request.body ?? {});
      const task = await services.tasks.update({ id, ...body }, crmActor(request.auth.user!), commandContext(requestContext(services, request, reply)));
      return { success: true, message: `Task marked as ${task.status}`, task };
    },
  });

  registerRestRoute(app, {
    method: 'DELETE',
    url: '/api/crm/tasks/:id',
    access: 'crm:own',
    async handler(request, reply) {
      const { id } = taskIdInput.parse(request.params);
      await services.tasks.delete(id, crmActor(request.auth.user!), commandContext(requestContext(services, request, reply)));
      return { success: true, message: 'Task deleted' };
    },
  });
}
