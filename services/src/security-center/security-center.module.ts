import { countSecurityAlerts } from '@crm/projections';
import { defineServiceModule } from '../app/service-module.ts';
import type { AppServices } from '../platform/request-context.ts';
import { securityCenterRouter } from './procedures/_router.ts';
import { registerSecurityCenterRoutes } from './security-center.routes.ts';
import { createSecurityCenterService, type SecurityCenterService, type SecurityFactSources } from './security-center.service.ts';

/** How long the cards reuse a walk of the audit hash chain. */
const AUDIT_CHAIN_CACHE_MS = 5 * 60_000;

export interface SecurityCenterServices {
  securityCenter: SecurityCenterService;
}

/**
 * The facts the other security parts provide, read when the checks run (so through `app` at call time: the audit
 * module is built after this one). Retention has no source: nothing in the system configures it.
 */
function factSources(app: AppServices, pool: Parameters<typeof countSecurityAlerts>[0]): SecurityFactSources {
  let chain: { at: number; value: { ok: boolean; checked: number } } | null = null;
  return {
    passwordPolicy: async () => (await app.securityPolicies.current()).password,
    sessionPolicy: async () => (await app.securityPolicies.current()).session,
    async adminMfa(adminIds) {
      const [statuses, policies] = await Promise.all([app.mfa.mfaStatusByUser(adminIds), app.securityPolicies.current()]);
      return { enrolled: adminIds.filter((id) => statuses.get(id)?.enabled).length, requiredForAdmins: policies.mfa.requiredRoles.includes('admin') };
    },
    async openAlerts() {
      const counts = await countSecurityAlerts(pool);
      // Open: the spec's count of alerts with status open; critical and high: those not resolved yet.
      return { total: counts.open, critical: counts.critical, high: counts.high };
    },
    // Walking the chain reads every entry: the cards reuse a walk for a few minutes; Re-assess walks it again.
    auditChain: async ({ fresh }) => {
      if (!fresh && chain && Date.now() - chain.at < AUDIT_CHAIN_CACHE_MS) return chain.value;
      const result = await app.audit.verify();
      chain = { at: Date.now(), value: { ok: result.ok, checked: result.checked } };
      return chain.value;
    },
  };
}

/**
 * The Security & Audit Center (issue 14): Security Score, active sessions, open alerts, compliance assessments.
 */
export const securityCenterModule = defineServiceModule({
  name: 'security-center',
  services: ({ pool, store, now, config }, app): SecurityCenterServices => ({
    securityCenter: createSecurityCenterService({
      pool,
      store,
      now,
      config: { session: config.session, loginThrottle: config.loginThrottle, publicUrl: config.publicUrl },
      sources: factSources(app, pool),
    }),
  }),
  routers: { securityCenter: securityCenterRouter },
  routes: registerSecurityCenterRoutes,
});
