import type { FastifyInstance } from 'fastify';
import { securityAlertIdInput, securityAlertResolveBody, securityAlertsListInput } from '@crm/contracts';
import { requestContext } from '../../http/request-auth.ts';
import { registerRestRoute } from '../../http/rest-route.ts';
import { commandContext, type AppServices } from '../../platform/request-context.ts';

/** Security alerts over REST (issue 14): the list and Resolve. Same services as the tRPC `securityAlerts` router. */
export function registerSecurityAlertsRoutes(app: FastifyInstance, services: AppServices) {
  const { securityAlerts } = services;

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/security/alerts',
    access: 'security:read',
    async handler(request) {
      const filter = securityAlertsListInput.parse(request.query ?? {});
      const { alerts, counts } = await securityAlerts.list(filter);
      return { success: true, data: alerts, counts, message: alerts.length === 0 ? 'No security alerts found' : `${alerts.length} security alerts` };
    },
  });

  registerRestRoute(app, {
    method: 'POST',
    url: '/api/admin/security/alerts/:id/resolve',
    access: 'security:manage',
    body: securityAlertResolveBody,
    async handler(request, reply, body) {
      const { id } = securityAlertIdInput.parse(request.params);
      const alert = await securityAlerts.resolve(id, body?.note || null, commandContext(requestContext(services, request, reply)));
      return { success: true, message: 'Security alert has been marked as resolved.', data: alert };
    },
  });
}
