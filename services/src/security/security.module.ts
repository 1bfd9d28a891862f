import { defineServiceModule } from '../app/service-module.ts';
import { registerLoginRoutes } from './login.routes.ts';
import { securityRouter } from './procedures/_router.ts';
import { createSecurityServices, type SecurityServices } from './security.services.ts';
import { registerSecurityRoutes } from './security.routes.ts';

export interface SecurityDomainServices {
  security: SecurityServices;
}

/** Login, login history, IP blocks, throttles and rate limits (docs/SECURITY.md). Needs identity's accounts and sessions. */
export const securityModule = defineServiceModule({
  name: 'security',
  services: ({ pool, store, now, config }, app): SecurityDomainServices => ({
    security: createSecurityServices({ pool, store, accounts: app.accounts,
      sessions: app.sessions,
      mfa: app.mfa,
      // The MFA-per-role policy (off on a fresh install): an account of a listed role without MFA enrols at login.
      mfaRequired: async (userType) => (await app.securityPolicies.current()).mfa.requiredRoles.includes(userType),
      now,
      config,
    }),
  }),
  routers: { security: securityRouter },
  routes(http, services) {
    registerLoginRoutes(http, services);
    registerSecurityRoutes(http, services);
  },
});
