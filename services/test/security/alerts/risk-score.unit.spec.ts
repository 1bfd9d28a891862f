import { describe, expect, it } from 'vitest';
import { riskBand, riskBarWidth, riskScore } from '../../../src/security/alerts/risk-score.policy.ts';

describe('risk score', () => {
  it('is 0 without alerts or failures', () => {
    expect(riskScore({ openAlertSeverities: [], recentFailures: 0 })).toBe(0);
  });

  it('adds open alerts by severity and failed logins (3 each, at most 30)', () => {
    expect(riskScore({ openAlertSeverities: ['medium'], recentFailures: 2 })).toBe(16);
    expect(riskScore({ openAlertSeverities: ['high'], recentFailures: 50 })).toBe(55);
    expect(riskScore({ openAlertSeverities: ['low'], recentFailures: 0, restricted: true })).toBe(15);
  });

  it('is capped at 100', () => {
    expect(riskScore({ openAlertSeverities: ['critical', 'critical', 'high'], recentFailures: 10 })).toBe(100);
  });

  it('colours the bar per spec: 30 or less green, up to 60 yellow, above red; width capped at 100', () => {
    expect([0, 30, 31, 60, 61, 100].map(riskBand)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
    expect([-5, 42, 140].map(riskBarWidth)).toEqual([0, 42, 100]);
  });
});
