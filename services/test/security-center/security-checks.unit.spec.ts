import { describe, expect, it } from 'vitest';
import { COMPLIANCE_STANDARDS, SECURITY_CHECK_IDS, complianceAssessedV1 } from '@crm/contracts';
import { assessCompliance, complianceStatusOf, evaluateSecurityScore, type SecurityFacts } from '../../src/security-center/security-checks.ts';

/** Everything in order. */
const good: SecurityFacts = {
  adminMfa: { admins: 2, enrolled: 2, requiredForAdmins: true },
  passwordPolicy: { minLength: 12, refuseCommon: true },
  sessions: { idleMinutes: 30, absoluteHours: 12 },
  openAlerts: { critical: 0, high: 0, total: 1 },
  accounts: { active: 10, inactive90Days: 0 },
  auditChain: { ok: true, checked: 1200 },
  exportsAudited: { auditedExports: 3 },
  retention: { days: 365 },
  loginThrottle: { freeAttempts: 5, maxDelaySeconds: 900 },
  httpsPublicUrl: true,
};

/** What a system without the other security parts provides. */
const bare: SecurityFacts = { ...good, adminMfa: null, passwordPolicy: null, openAlerts: null, auditChain: null, exportsAudited: null, retention: { days: null }, httpsPublicUrl: false };

const check = (facts: SecurityFacts, id: (typeof SECURITY_CHECK_IDS)[number]) => evaluateSecurityScore(facts).checks.find((c) => c.id === id)!;

describe('security checks', () => {
  it('give every point when everything is in order: 100 %, each with a link to where it is fixed', () => {
    const score = evaluateSecurityScore(good);
    expect(score.percent).toBe(100);
    expect(score.earned).toBe(score.max);
    expect(score.unavailable).toBe(0);
    expect(score.checks.map((c) => c.id)).toEqual([...SECURITY_CHECK_IDS]);
    for (const c of score.checks) {
      expect(c.status).toBe('passed');
      expect(c.fix).toMatch(/^\/admin\//);
    }
  });

  it('leave out checks whose facts are not available, never inventing a value', () => {
    const score = evaluateSecurityScore(bare);
    const unavailable = score.checks.filter((c) => c.status === 'unavailable').map((c) => c.id);
    expect(unavailable).toEqual(['admin_mfa', 'password_policy', 'open_alerts', 'audit_chain', 'exports_audited']);
    expect(score.unavailable).toBe(5);
    for (const id of unavailable) expect(check(bare, id).earned).toBe(0);
    // Counted: session timeouts 10, inactive 10, retention 0/5, throttling 5, cookies 0/5 → 25 of 35.
    expect(score.max).toBe(35);
    expect(score.earned).toBe(25);
    expect(score.percent).toBe(71);
  });

  it('admin MFA: coverage earns 80 %, the policy requiring it the rest; no admin is a failure', () => {
    expect(check({ ...good, adminMfa: { admins: 2, enrolled: 1, requiredForAdmins: false } }, 'admin_mfa')).toMatchObject({ status: 'partial', earned: 8, max: 20 });
    expect(check({ ...good, adminMfa: { admins: 2, enrolled: 2, requiredForAdmins: false } }, 'admin_mfa')).toMatchObject({ status: 'partial', earned: 16 });
    expect(check({ ...good, adminMfa: { admins: 3, enrolled: 0, requiredForAdmins: false } }, 'admin_mfa')).toMatchObject({ status: 'failed', earned: 0 });
    expect(check({ ...good, adminMfa: { admins: 0, enrolled: 0, requiredForAdmins: true } }, 'admin_mfa').status).toBe('failed');
  });

  it('password policy: length and the common-password list (NIST 800-63B), no composition rules', () => {
    expect(check({ ...good, passwordPolicy: { minLength: 8, refuseCommon: false } }, 'password_policy')).toMatchObject({ status: 'partial', earned: 3.8 });
    expect(check({ ...good, passwordPolicy: { minLength: 8, refuseCommon: true } }, 'password_policy')).toMatchObject({ status: 'partial', earned: 11.3 });
    expect(check({ ...good, passwordPolicy: { minLength: 12, refuseCommon: true } }, 'password_policy')).toMatchObject({ status: 'passed', earned: 15 });
  });

  it('session timeouts: idle ≤ 30 min and absolute ≤ 12 h; up to twice that is partial', () => {
    expect(check({ ...good, sessions: { idleMinutes: 60, absoluteHours: 24 } }, 'session_timeouts')).toMatchObject({ status: 'partial', earned: 5 });
    expect(check({ ...good, sessions: { idleMinutes: 600, absoluteHours: 720 } }, 'session_timeouts')).toMatchObject({ status: 'failed', earned: 0 });
  });

  it('open alerts: a critical one fails, a high one halves, lower ones pass', () => {
    expect(check({ ...good, openAlerts: { critical: 1, high: 0, total: 1 } }, 'open_alerts').status).toBe('failed');
    expect(check({ ...good, openAlerts: { critical: 0, high: 2, total: 2 } }, 'open_alerts')).toMatchObject({ status: 'partial', earned: 7.5 });
    expect(check({ ...good, openAlerts: { critical: 0, high: 0, total: 4 } }, 'open_alerts').status).toBe('passed');
  });

  it('inactive accounts: the share of active accounts unused for 90 days costs its share of points', () => {
    expect(check({ ...good, accounts: { active: 4, inactive90Days: 1 } }, 'inactive_accounts')).toMatchObject({ status: 'partial', earned: 7.5, detail: { active: 4, inactive: 1 } });
    expect(check({ ...good, accounts: { active: 2, inactive90Days: 2 } }, 'inactive_accounts').status).toBe('failed');
  });

  it('audit chain, exports, retention and cookies pass or fail on their fact', () => {
    expect(check({ ...good, auditChain: { ok: false, checked: 10 } }, 'audit_chain')).toMatchObject({ status: 'failed', detail: { ok: false, checked: 10 } });
    expect(check({ ...good, exportsAudited: { auditedExports: 0 } }, 'exports_audited').status).toBe('failed');
    expect(check({ ...good, retention: { days: null } }, 'retention').status).toBe('failed');
    expect(check({ ...good, httpsPublicUrl: false }, 'secure_cookies').status).toBe('failed');
    expect(check({ ...good, loginThrottle: { freeAttempts: 50, maxDelaySeconds: 10 } }, 'login_throttling').status).toBe('failed');
  });
});

describe('compliance', () => {
  it('scores each standard from its own checks, with violations and improvements (most points missing first)', () => {
    const facts: SecurityFacts = { ...good, auditChain: { ok: false, checked: 5 }, retention: { days: null }, sessions: { idleMinutes: 60, absoluteHours: 12 } };
    const [gdpr, soc2] = assessCompliance(evaluateSecurityScore(facts).checks);
    expect(gdpr).toMatchObject({ standard: 'gdpr', name: 'GDPR', violations: 2, improvements: ['audit_chain', 'retention'], unavailable: 0 });
    // GDPR: 70 points, audit chain (10) and retention (5) missing → 55/70.
    expect(gdpr!.score).toBe(79);
    expect(gdpr!.status).toBe('partial');
    expect(soc2).toMatchObject({ standard: 'soc2', name: 'SOC 2', violations: 2, improvements: ['audit_chain', 'session_timeouts'] });
    // SOC 2: 90 points, audit chain (10) and 2.5 of the session timeouts' missing → 77.5/90.
    expect(soc2!.score).toBe(86);
  });

  it('is compliant at 90 % and more, partial from 60 %, otherwise non-compliant', () => {
    expect(complianceStatusOf(90)).toBe('compliant');
    expect(complianceStatusOf(89)).toBe('partial');
    expect(complianceStatusOf(60)).toBe('partial');
    expect(complianceStatusOf(59)).toBe('non_compliant');
    const [gdpr, soc2] = assessCompliance(evaluateSecurityScore(good).checks);
    expect([gdpr!.status, soc2!.status, gdpr!.score, soc2!.score]).toEqual(['compliant', 'compliant', 100, 100]);
  });

  it('counts only available checks, and each standard names only known checks', () => {
    const [gdpr] = assessCompliance(evaluateSecurityScore(bare).checks);
    expect(gdpr!.unavailable).toBe(4);
    for (const standard of Object.values(COMPLIANCE_STANDARDS)) for (const id of standard.checks) expect(SECURITY_CHECK_IDS).toContain(id);
    expect(complianceAssessedV1).toBeDefined();
  });
});
