/**
 * An account's risk score, 0–100, from its recent alerts and failed logins. Pure.
 *
 * Each alert not yet resolved and detected within the window adds by severity (critical 40, high 25, medium 10,
 * low 5); each failed login within the window adds 3, at most 30 in all; a suspended or locked account adds 10.
 * The sum is capped at 100. Bands as the spec's bar colours: ≤ 30 green (low), ≤ 60 yellow, above red.
 */
import type { SecurityAlertSeverity } from '@crm/contracts';

/** The bar's colour and width (shared with the web app). */
export { riskBand, riskBarWidth, type RiskBand } from '@crm/contracts';

export const RISK_WINDOW_DAYS = { alerts: 30, failures: 7 };

const ALERT_POINTS: Record<SecurityAlertSeverity, number> = { critical: 40, high: 25, medium: 10, low: 5 };
const FAILURE_POINTS = 3;
const FAILURE_CAP = 30;
const RESTRICTED_POINTS = 10;

export interface RiskInput {
  openAlertSeverities: readonly SecurityAlertSeverity[];
  recentFailures: number;
  restricted?: boolean;
}

export function riskScore(input: RiskInput): number {
  const alerts = input.openAlertSeverities.reduce((sum, s) => sum + ALERT_POINTS[s], 0);
  const failures = Math.min(FAILURE_CAP, Math.max(0, input.recentFailures) * FAILURE_POINTS);
  return Math.min(100, alerts + failures + (input.restricted ? RESTRICTED_POINTS : 0));
}

