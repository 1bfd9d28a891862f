/**
 * Brute force on one account: `threshold` failed logins (wrong password, unknown account or throttled) on the
 * same e-mail within `windowMs`. One alert per account per `cooldownMs`. Severity high (critical from
 * `criticalAt` failures in the window).
 */
import { alertIdFor, coolingDown, eventTime, pruneCooldowns, pruneKeys, within, type DetectorPolicy, type Hit } from './detector.ts';
import { failedLogin } from './login-facts.ts';

export interface BruteForceState {
  failures: Record<string, (Hit & { ip: string | null })[]>;
  raised: Record<string, number>;
}

export const BRUTE_FORCE = { threshold: 5, criticalAt: 20, windowMs: 15 * 60_000, cooldownMs: 60 * 60_000 };

const COUNTED = new Set(['wrong_password', 'unknown_account', 'throttled']);

export function bruteForcePolicy(options = BRUTE_FORCE): DetectorPolicy<BruteForceState> {
  return {
    type: 'brute_force',
    initialState: { failures: {}, raised: {} },
    apply(state, event) {
      const login = failedLogin(event);
      if (!login || !COUNTED.has(login.reason)) return { state, alerts: [] };
      const now = eventTime(event);
      const failures = pruneKeys(state.failures, now, options.windowMs);
      const hits = [...(failures[login.emailKey] ?? []), { eventId: event.id, entityId: login.loginId, at: now, ip: login.ip }];
      failures[login.emailKey] = hits;
      const raised = pruneCooldowns(state.raised, now, options.cooldownMs);
      const recent = within(hits, now, options.windowMs);
      if (recent.length < options.threshold || coolingDown(raised, login.emailKey, now, options.cooldownMs)) return { state: { failures, raised }, alerts: [] };
      raised[login.emailKey] = now;
      const ips = [...new Set(recent.map((h) => h.ip).filter((ip): ip is string => !!ip))];
      const minutes = Math.round(options.windowMs / 60_000);
      return {
        state: { failures, raised },
        alerts: [
          {
            alertId: alertIdFor('brute_force', event.id),
            type: 'brute_force',
            severity: recent.length >= options.criticalAt ? 'critical' : 'high',
            title: `Brute force attack on ${login.email}`,
            description: `${recent.length} failed logins on ${login.email} within ${minutes} minutes from ${ips.length} address${ips.length === 1 ? '' : 'es'}${ips.length ? ` (${ips.slice(0, 5).join(', ')})` : ''}.`,
            ipAddress: login.ip,
            userId: login.userId,
            userName: login.userName,
            email: login.email,
            relatedEventIds: recent.map((h) => h.eventId),
            relatedEntityIds: recent.map((h) => h.entityId ?? h.eventId),
            details: { failures: recent.length, minutes, addresses: ips.length },
            detectedAt: new Date(now).toISOString(),
          },
        ],
      };
    },
  };
}
