import type { FastifyInstance } from 'fastify';
import { updateAdminIpAllowListInput, updateMfaPolicyInput, updatePasswordPolicyInput, updateSessionPolicyInput } from '@crm/contracts';
import { requestContext } from '../../http/request-auth.ts';
import { registerRestRoute } from '../../http/rest-route.ts';
import { commandContext, type AppServices } from '../../platform/request-context.ts';

/** The security policies over REST (same service as the tRPC `securityPolicies` router). */
export function registerSecurityPolicyRoutes(app: FastifyInstance, services: AppServices) {
  const policies = services.securityPolicies;

  registerRestRoute(app, {
    method: 'GET',
    url: '/api/admin/security/policies',
    access: 'security:read',
    async handler(request) {
      return { success: true, data: await policies.view(request.ip ?? null) };
    },
  });

  const updates = [
    { kind: 'password', body: updatePasswordPolicyInput, save: policies.updatePassword },
    { kind: 'session', body: updateSessionPolicyInput, save: policies.updateSession },
    { kind: 'mfa', body: updateMfaPolicyInput, save: policies.updateMfa },
  ] as const;
  for (const { kind, body, save } of updates) {
    registerRestRoute(app, {
      method: 'PUT',
      url: `/api/admin/security/policies/${kind}`,
      access: 'security:manage',
      body,
      async handler(request, reply, input) {
        const ctx = commandContext(requestContext(services, request, reply));
        return { success: true, message: 'Policy saved', data: await (save as (i: typeof input, c: typeof ctx) => ReturnType<typeof save>)(input, ctx) };
      },
    });
  }

  registerRestRoute(app, {
    method: 'PUT',
    url: '/api/admin/security/policies/admin-ip-allow-list',
    access: 'security:manage',
    body: updateAdminIpAllowListInput,
    async handler(request, reply, input) {
      const ctx = commandContext(requestContext(services, request, reply));
      return { success: true, message: 'Policy saved', data: await policies.updateAdminIpAllowList(input, request.ip ?? null, ctx) };
    },
  });
}
