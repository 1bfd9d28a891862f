import { defineServiceModule } from '../app/service-module.ts';
import { registerAuditRoutes } from './audit.routes.ts';
import { createAuditService, type AuditService } from './audit.service.ts';
import { auditRouter } from './procedures/_router.ts';

export interface AuditServices {
  audit: AuditService;
}

/** The audit trail (issue 14, docs/AUDIT.md): the audit_log read model's pages, export, chain walk and live feed. */
export const auditModule = defineServiceModule({
  name: 'audit',
  services: ({ pool, store, now }): AuditServices => ({ audit: createAuditService({ pool, store, now }) }),
  routers: { audit: auditRouter },
  routes: registerAuditRoutes,
});
