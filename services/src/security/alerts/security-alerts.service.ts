import type pg from 'pg';
import {
  SECURITY_ALERT_ERRORS,
  domainError,
  securityAlertStreamId,
  type EventStore,
  type SecurityAlertCounts,
  type SecurityAlertView,
  type SecurityAlertsListInput,
} from '@crm/contracts';
import { countSecurityAlerts, getSecurityAlert, listSecurityAlerts } from '@crm/projections';
import { handleCommand } from '../../platform/command-handler.ts';
import type { CommandContext } from '../../platform/decider.ts';
import { waitForProjection } from '../../platform/read-your-writes.ts';
import { securityAlertDecider } from './security-alert.decider.ts';

export interface SecurityAlertsService {
  list(filter: SecurityAlertsListInput): Promise<{ alerts: SecurityAlertView[]; counts: SecurityAlertCounts }>;
  get(id: string): Promise<SecurityAlertView>;
  investigate(id: string, note: string | null, ctx: CommandContext): Promise<SecurityAlertView>;
  resolve(id: string, note: string | null, ctx: CommandContext): Promise<SecurityAlertView>;
}

export function createSecurityAlertsService(deps: { pool: pg.Pool; store: EventStore }): SecurityAlertsService {
  const { pool, store } = deps;

  async function get(id: string): Promise<SecurityAlertView> {
    const alert = await getSecurityAlert(pool, id);
    if (!alert) throw domainError(SECURITY_ALERT_ERRORS.alert_not_found);
    return alert;
  }

  async function act(id: string, command: { type: 'InvestigateAlert' | 'ResolveAlert'; note: string | null }, ctx: CommandContext) {
    const result = await handleCommand(store, securityAlertStreamId(id), securityAlertDecider, { ...command, alertId: id }, ctx);
    await waitForProjection(deps, 'security_alerts', result.checkpoint, 5000);
    return get(id);
  }

  return {
    async list(filter) {
      const [alerts, counts] = await Promise.all([listSecurityAlerts(pool, filter), countSecurityAlerts(pool)]);
      return { alerts, counts };
    },
    get,
    investigate: (id, note, ctx) => act(id, { type: 'InvestigateAlert', note }, ctx),
    resolve: (id, note, ctx) => act(id, { type: 'ResolveAlert', note }, ctx),
  };
}
