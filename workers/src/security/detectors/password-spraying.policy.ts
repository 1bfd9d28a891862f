/**
 * Password spraying from one address: failed logins (wrong password or unknown account) on `threshold` or more
 * different accounts from the same IP within `windowMs`. One alert per address per `cooldownMs`; critical.
 */
import { alertIdFor, coolingDown, eventTime, pruneCooldowns, pruneKeys, within, type DetectorPolicy, type Hit } from './detector.ts';
import { failedLogin } from './login-facts.ts';

export interface PasswordSprayingState {
  failures: Record<string, (Hit & { account: string })[]>;
  raised: Record<string, number>;
}

export const PASSWORD_SPRAYING = { threshold: 5, windowMs: 15 * 60_000, cooldownMs: 60 * 60_000 };

export function passwordSprayingPolicy(options = PASSWORD_SPRAYING): DetectorPolicy<PasswordSprayingState> {
  return {
    type: 'password_spraying',
    initialState: { failures: {}, raised: {} },
    apply(state, event) {
      const login = failedLogin(event);
      if (!login || !login.ip || (login.reason !== 'wrong_password' && login.reason !== 'unknown_account')) return { state, alerts: [] };
      const now = eventTime(event);
      const failures = pruneKeys(state.failures, now, options.windowMs);
      const hits = [...(failures[login.ip] ?? []), { eventId: event.id, entityId: login.loginId, at: now, account: login.emailKey }];
      failures[login.ip] = hits;
      const raised = pruneCooldowns(state.raised, now, options.cooldownMs);
      const recent = within(hits, now, options.windowMs);
      const accounts = new Set(recent.map((h) => h.account));
      if (accounts.size < options.threshold || coolingDown(raised, login.ip, now, options.cooldownMs)) return { state: { failures, raised }, alerts: [] };
      raised[login.ip] = now;
      const minutes = Math.round(options.windowMs / 60_000);
      return {
        state: { failures, raised },
        alerts: [
          {
            alertId: alertIdFor('password_spraying', event.id),
            type: 'password_spraying',
            severity: 'critical',
            title: `Password spraying from ${login.ip}`,
            description: `${recent.length} failed logins on ${accounts.size} different accounts from ${login.ip} within ${minutes} minutes.`,
            ipAddress: login.ip,
            userId: null,
            userName: null,
            email: null,
            relatedEventIds: recent.map((h) => h.eventId),
            relatedEntityIds: recent.map((h) => h.entityId ?? h.eventId),
            details: { failures: recent.length, accounts: accounts.size, minutes },
            detectedAt: new Date(now).toISOString(),
          },
        ],
      };
    },
  };
}
