import { defineServiceModule } from '../../app/service-module.ts';
import { securityPoliciesRouter } from './procedures/_router.ts';
import { registerSecurityPolicyRoutes } from './security-policies.routes.ts';
import { createSecurityPoliciesService, defaultPolicies, type SecurityPoliciesService } from './security-policies.service.ts';

export interface SecurityPoliciesServices {
  /** The security policies in force (`current()`), their changes, and the checks that enforce them. */
  securityPolicies: SecurityPoliciesService;
}

/**
 * Password, session-timeout, MFA-per-role and admin IP allow-list policies (docs/SECURITY.md, "Security
 * policies"). First in the list: identity's sessions and password checks read them.
 */
export const securityPoliciesModule = defineServiceModule({
  name: 'securityPolicies',
  services: ({ store, config }): SecurityPoliciesServices => ({
    securityPolicies: createSecurityPoliciesService({ store, defaults: defaultPolicies(config.session) }),
  }),
  routers: { securityPolicies: securityPoliciesRouter },
  routes: registerSecurityPolicyRoutes,
});
