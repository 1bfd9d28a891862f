import { SECURITY_ALERT_ERRORS, domainError, type SecurityAlertEvent, type SecurityAlertSeverity, type SecurityAlertStatus } from '@crm/contracts';
import type { CommandContext, Decider } from '../../platform/decider.ts';

/**
 * One security alert (stream `security-alert-<alertId>`). The detectors raise it (workers/src/security/); an admin
 * moves it open → investigating → resolved (resolving straight from open is allowed), each step with who, when
 * and an optional note.
 */
export type SecurityAlertState = { exists: false } | { exists: true; alertId: string; severity: SecurityAlertSeverity; status: SecurityAlertStatus };

export type SecurityAlertCommand =
  | { type: 'InvestigateAlert'; alertId: string; note: string | null }
  | { type: 'ResolveAlert'; alertId: string; note: string | null };

function actor(ctx: CommandContext): string {
  if (!ctx.userId) throw domainError(SECURITY_ALERT_ERRORS.alert_actor_required);
  return ctx.userId;
}

export const securityAlertDecider: Decider<SecurityAlertState, SecurityAlertCommand, SecurityAlertEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'SecurityAlertRaised':
        return { exists: true, alertId: event.data.alertId, severity: event.data.severity, status: 'open' };
      case 'SecurityAlertInvestigationStarted':
        return state.exists ? { ...state, status: 'investigating' } : state;
      case 'SecurityAlertResolved':
        return state.exists ? { ...state, status: 'resolved' } : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state, ctx): SecurityAlertEvent[] {
    if (!state.exists) throw domainError(SECURITY_ALERT_ERRORS.alert_not_found);
    const by = actor(ctx);
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'InvestigateAlert':
        if (state.status === 'resolved') throw domainError(SECURITY_ALERT_ERRORS.alert_resolved);
        if (state.status === 'investigating') throw domainError(SECURITY_ALERT_ERRORS.alert_investigating);
        return [{ type: 'SecurityAlertInvestigationStarted', data: { alertId: state.alertId, by, at, note: command.note } }];
      case 'ResolveAlert':
        if (state.status === 'resolved') throw domainError(SECURITY_ALERT_ERRORS.alert_resolved);
        return [{ type: 'SecurityAlertResolved', data: { alertId: state.alertId, by, at, note: command.note } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
