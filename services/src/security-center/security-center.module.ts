import { countSecurityAlerts } from '@crm/projections';
import { defineServiceModule } from '../app/service-module.ts';
import type { AppServices } from '../platform/request-context.ts';
import { securityCenterRouter } from './procedures/_router.ts';
import { registerSecurityCenterRoutes } from './security-center.routes.ts';
import { createSecurityCenterService, type SecurityCenterService, type SecurityFactSources } from './security-center.service.ts';

/** How long the cards reuse a walk of the audit hash chain. */
const AUDIT_CHAIN_CACHE_MS = 5 * 60_000;
/** How long the cards wait for a walk before they answer without it (it goes on in the background). */
const AUDIT_CHAIN_WAIT_MS = 2_000;

type ChainFact = { ok: boolean; checked: number };

/**
 * The audit hash chain as a fact. A walk reads every entry (half a minute at a million entries), so the cards
 * never wait long for one: they reuse the last walk for a few minutes, start a new one in the background when it
 * is older, and wait at most two seconds for a first one (without it the check is "not available" until the walk
 * ends). Re-assess waits for a walk of its own. One walk runs at a time.
 */
function auditChainFact(verify: () => Promise<ChainFact>) {
  let last: { at: number; value: ChainFact } | null = null;
  let running: Promise<ChainFact> | null = null;
  const walk = (): Promise<ChainFact> =>
    (running ??= verify()
      .then((r) => {
        last = { at: Date.now(), value: { ok: r.ok, checked: r.checked } };
        return last.value;
      })
      .finally(() => {
        running = null;
      }));
  return async ({ fresh }: { fresh: boolean }): Promise<ChainFact | null> => {
    if (fresh) return walk();
    if (last && Date.now() - last.at < AUDIT_CHAIN_CACHE_MS) return last.value;
    const next = walk();
    next.catch(() => undefined);
    if (last) return last.value;
    return Promise.race([next, new Promise<null>((resolve) => setTimeout(() => resolve(null), AUDIT_CHAIN_WAIT_MS).unref())]);
  };
}

export interface SecurityCenterServices {
  securityCenter: SecurityCenterService;
}

/**
 * The facts the other security parts provide, read when the checks run (so through `app` at call time: the audit
 * module is built after this one). Retention: the API log's configured period (API_LOG_RETENTION_DAYS).
 */
function factSources(app: AppServices, pool: Parameters<typeof countSecurityAlerts>[0]): SecurityFactSources {
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
    auditChain: auditChainFact(() => app.audit.verify()),
    // API log retention (API_LOG_RETENTION_DAYS): the api-logs module is built after this one, so read at call time.
    retentionDays: async () => {
      const days = (app as Partial<AppServices>).apiLogs?.retentionDays();
      return typeof days === 'number' && days > 0 ? days : null;
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
