import { defineServiceModule } from '../app/service-module.ts';
import { securityCenterRouter } from './procedures/_router.ts';
import { registerSecurityCenterRoutes } from './security-center.routes.ts';
import { createSecurityCenterService, type SecurityCenterService } from './security-center.service.ts';

export interface SecurityCenterServices {
  securityCenter: SecurityCenterService;
}

/**
 * The Security & Audit Center (issue 14): Security Score, active sessions, open alerts, compliance assessments.
 * Facts of the other security parts are wired in `sources` (see SecurityFactSources).
 */
export const securityCenterModule = defineServiceModule({
  name: 'security-center',
  services: ({ pool, store, now, config }): SecurityCenterServices => ({
    securityCenter: createSecurityCenterService({ pool, store, now, config: { session: config.session, loginThrottle: config.loginThrottle, publicUrl: config.publicUrl }, sources: {} }),
  }),
  routers: { securityCenter: securityCenterRouter },
  routes: registerSecurityCenterRoutes,
});
