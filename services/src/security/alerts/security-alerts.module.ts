import { defineServiceModule } from '../../app/service-module.ts';
import { createAccessControlService, type AccessControlService } from './access-control.service.ts';
import { accessControlRouter, securityAlertsRouter } from './procedures/_router.ts';
import { createSecurityAlertsService, type SecurityAlertsService } from './security-alerts.service.ts';
import { registerSecurityAlertsRoutes } from './security-alerts.routes.ts';

export interface SecurityAlertsServices {
  securityAlerts: SecurityAlertsService;
  accessControl: AccessControlService;
}

/**
 * Security alerts (raised by the detectors in workers/src/security/, moved open → investigating → resolved here)
 * and access control (end sessions, suspend, lock). Needs identity's accounts and sessions.
 */
export const securityAlertsModule = defineServiceModule({
  name: 'securityAlerts',
  services: ({ pool, store }, app): SecurityAlertsServices => ({
    securityAlerts: createSecurityAlertsService({ pool, store }),
    accessControl: createAccessControlService({
      pool,
      store,
      accounts: app.accounts,
      sessions: app.sessions,
      mfaStatus: async (userIds) => new Map([...(await app.mfa.mfaStatusByUser(userIds))].map(([id, status]) => [id, status.enabled])),
    }),
  }),
  routers: { securityAlerts: securityAlertsRouter, accessControl: accessControlRouter },
  routes: registerSecurityAlertsRoutes,
});
