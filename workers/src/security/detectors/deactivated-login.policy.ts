/**
 * Login attempts on a deactivated (or suspended, or locked) account: the right password was given for an
 * account that may not log in (`LoginFailed` reason account_deactivated, account_suspended, account_locked).
 * One alert per account per `cooldownMs`. Medium.
 */
import { alertIdFor, coolingDown, eventTime, pruneCooldowns, type DetectorPolicy } from './detector.ts';
import { failedLogin } from './login-facts.ts';

export interface DeactivatedLoginState {
  raised: Record<string, number>;
}

export const DEACTIVATED_LOGIN = { cooldownMs: 60 * 60_000 };

const REASONS = new Set(['account_deactivated', 'account_suspended', 'account_locked']);

export function deactivatedLoginPolicy(options = DEACTIVATED_LOGIN): DetectorPolicy<DeactivatedLoginState> {
  return {
    type: 'deactivated_account_login',
    initialState: { raised: {} },
    apply(state, event) {
      const login = failedLogin(event);
      if (!login || !REASONS.has(login.reason)) return { state, alerts: [] };
      const now = eventTime(event);
      const key = login.userId ?? login.emailKey;
      const raised = pruneCooldowns(state.raised, now, options.cooldownMs);
      if (coolingDown(raised, key, now, options.cooldownMs)) return { state: { raised }, alerts: [] };
      raised[key] = now;
      const kind = login.reason === 'account_deactivated' ? 'deactivated' : login.reason === 'account_suspended' ? 'suspended' : 'locked';
      const who = login.userName ?? login.email;
      return {
        state: { raised },
        alerts: [
          {
            alertId: alertIdFor('deactivated_account_login', event.id),
            type: 'deactivated_account_login',
            severity: 'medium',
            title: `Login attempt on ${kind} account ${who}`,
            description: `Someone gave the right password for the ${kind} account ${who} (${login.email})${login.ip ? ` from ${login.ip}` : ''}.`,
            ipAddress: login.ip,
            userId: login.userId,
            userName: login.userName,
            email: login.email,
            relatedEventIds: [event.id],
            relatedEntityIds: [login.loginId],
            details: { account: kind },
            detectedAt: new Date(now).toISOString(),
          },
        ],
      };
    },
  };
}
