/**
 * The Security Score's checks (issue 14), pure: each reads the facts the security-center service gathered and
 * answers its points. A fact that is `null` is not provided by the system (yet): its check is `unavailable` and
 * counts neither for nor against the score. Compliance scores are the same checks grouped per standard.
 */
import {
  COMPLIANCE_STANDARDS,
  COMPLIANCE_STANDARD_IDS,
  COMPLIANCE_THRESHOLDS,
  SECURITY_CHECKS,
  SECURITY_CHECK_IDS,
  type ComplianceStandardResult,
  type ComplianceStatus,
  type SecurityCheckDetail,
  type SecurityCheckId,
  type SecurityCheckResult,
  type SecurityScore,
} from '@crm/contracts';

/** What the checks read; `null`: the system does not provide this fact (yet). */
export interface SecurityFacts {
  /** Active administrators and how many of them have MFA enrolled; whether the policy requires it for admins. */
  adminMfa: { admins: number; enrolled: number; requiredForAdmins: boolean } | null;
  /** The password policy in force. */
  passwordPolicy: { minLength: number; refuseCommon: boolean } | null;
  /** The session timeouts in force. */
  sessions: { idleMinutes: number; absoluteHours: number };
  /** Open security alerts by severity. */
  openAlerts: { critical: number; high: number; total: number } | null;
  /** Active, approved accounts, and those of them without a successful login for 90 days. */
  accounts: { active: number; inactive90Days: number };
  /** The audit trail's hash chain walked now. */
  auditChain: { ok: boolean; checked: number } | null;
  /** Whether the system records its data exports as audit entries (export event types declared as EXPORT). */
  exportsAudited: { auditedExports: number } | null;
  /** The retention period configured for audit and personal data (days), or `{ days: null }` when none is. */
  retention: { days: number | null } | null;
  /** Failed-login throttling: free attempts per account before delays. */
  loginThrottle: { freeAttempts: number; maxDelaySeconds: number };
  /** Whether the public URL is https (Secure, __Host- session cookie). */
  httpsPublicUrl: boolean;
}

type Verdict = { status: 'passed' | 'partial' | 'failed'; ratio: number; detail: SecurityCheckDetail } | { status: 'unavailable'; detail: SecurityCheckDetail };

const passed = (detail: SecurityCheckDetail = {}): Verdict => ({ status: 'passed', ratio: 1, detail });
const failed = (detail: SecurityCheckDetail = {}): Verdict => ({ status: 'failed', ratio: 0, detail });
const partial = (ratio: number, detail: SecurityCheckDetail = {}): Verdict =>
  ratio >= 1 ? passed(detail) : ratio <= 0 ? failed(detail) : { status: 'partial', ratio, detail };
const unavailable: Verdict = { status: 'unavailable', detail: {} };

/** One function per check. */
export const SECURITY_CHECK_FUNCTIONS: Record<SecurityCheckId, (facts: SecurityFacts) => Verdict> = {
  admin_mfa(f) {
    if (!f.adminMfa) return unavailable;
    const { admins, enrolled, requiredForAdmins } = f.adminMfa;
    const detail = { admins, enrolled, requiredForAdmins };
    if (admins === 0) return failed(detail);
    // Coverage earns 80 %, the policy that keeps it so the rest.
    return partial((enrolled / admins) * 0.8 + (requiredForAdmins ? 0.2 : 0), detail);
  },
  password_policy(f) {
    if (!f.passwordPolicy) return unavailable;
    const { minLength, refuseCommon } = f.passwordPolicy;
    const detail = { minLength, refuseCommon };
    // NIST SP 800-63B: length (8 minimum, 12+ better for privileged use) and a blocklist, no composition rules.
    const length = minLength >= 12 ? 0.5 : minLength >= 8 ? 0.25 : 0;
    return partial(length + (refuseCommon ? 0.5 : 0), detail);
  },
  session_timeouts({ sessions: { idleMinutes, absoluteHours } }) {
    const detail = { idleMinutes, absoluteHours };
    // OWASP ASVS: idle ≤ 30 min and absolute ≤ 12 h for this kind of application; up to twice that is partial.
    const idle = idleMinutes <= 30 ? 0.5 : idleMinutes <= 60 ? 0.25 : 0;
    const absolute = absoluteHours <= 12 ? 0.5 : absoluteHours <= 24 ? 0.25 : 0;
    return partial(idle + absolute, detail);
  },
  open_alerts(f) {
    if (!f.openAlerts) return unavailable;
    const { critical, high, total } = f.openAlerts;
    const detail = { critical, high, total };
    if (critical > 0) return failed(detail);
    return high > 0 ? partial(0.5, detail) : passed(detail);
  },
  inactive_accounts({ accounts: { active, inactive90Days } }) {
    const detail = { active, inactive: inactive90Days };
    if (inactive90Days === 0) return passed(detail);
    return partial(active === 0 ? 0 : 1 - inactive90Days / active, detail);
  },
  audit_chain(f) {
    if (!f.auditChain) return unavailable;
    const detail = { ok: f.auditChain.ok, checked: f.auditChain.checked };
    return f.auditChain.ok ? passed(detail) : failed(detail);
  },
  exports_audited(f) {
    if (!f.exportsAudited) return unavailable;
    const detail = { auditedExports: f.exportsAudited.auditedExports };
    return f.exportsAudited.auditedExports > 0 ? passed(detail) : failed(detail);
  },
  retention(f) {
    if (!f.retention) return unavailable;
    return f.retention.days === null ? failed({ days: null }) : passed({ days: f.retention.days });
  },
  login_throttling({ loginThrottle: { freeAttempts, maxDelaySeconds } }) {
    const detail = { freeAttempts, maxDelaySeconds };
    // Delays start after a handful of failures (≤ 10) and grow to at least a minute.
    return partial((freeAttempts <= 10 ? 0.5 : 0) + (maxDelaySeconds >= 60 ? 0.5 : 0), detail);
  },
  secure_cookies({ httpsPublicUrl }) {
    return httpsPublicUrl ? passed({ https: true }) : failed({ https: false });
  },
};

/** Runs every check; the score is earned over the maximum of the checks that could be evaluated. */
export function evaluateSecurityScore(facts: SecurityFacts): SecurityScore {
  const checks: SecurityCheckResult[] = SECURITY_CHECK_IDS.map((id) => {
    const { title, maxPoints: max, fix } = SECURITY_CHECKS[id];
    const verdict = SECURITY_CHECK_FUNCTIONS[id](facts);
    const earned = verdict.status === 'unavailable' ? 0 : Math.round(max * verdict.ratio * 10) / 10;
    return { id, title, status: verdict.status, earned, max, detail: verdict.detail, fix };
  });
  return { ...scoreOf(checks), checks };
}

function scoreOf(checks: readonly SecurityCheckResult[]) {
  const counted = checks.filter((c) => c.status !== 'unavailable');
  const earned = round1(counted.reduce((sum, c) => sum + c.earned, 0));
  const max = counted.reduce((sum, c) => sum + c.max, 0);
  return { percent: max === 0 ? 0 : Math.round((earned / max) * 100), earned, max, unavailable: checks.length - counted.length };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function complianceStatusOf(score: number): ComplianceStatus {
  return score >= COMPLIANCE_THRESHOLDS.compliant ? 'compliant' : score >= COMPLIANCE_THRESHOLDS.partial ? 'partial' : 'non_compliant';
}

/** Each standard's score from its checks: violations are its failed or partial checks, improvements the same, most points missing first. */
export function assessCompliance(checks: readonly SecurityCheckResult[]): ComplianceStandardResult[] {
  return COMPLIANCE_STANDARD_IDS.map((standard) => {
    const { name, checks: ids } = COMPLIANCE_STANDARDS[standard];
    const own = checks.filter((c) => ids.includes(c.id));
    const { percent, unavailable } = scoreOf(own);
    const open = own.filter((c) => c.status === 'failed' || c.status === 'partial');
    const improvements = [...open].sort((a, b) => b.max - b.earned - (a.max - a.earned) || ids.indexOf(a.id) - ids.indexOf(b.id)).map((c) => c.id);
    return { standard, name, status: complianceStatusOf(percent), score: percent, violations: open.length, improvements, unavailable };
  });
}
