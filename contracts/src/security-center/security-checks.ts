/**
 * The Security Score's checks and the compliance standards built on them (issue 14; spec 02 "Security and Audit
 * Center", in the manner of Microsoft Secure Score): each check has an id, points earned out of its maximum and
 * a link to where it is fixed. The checks are pure functions of a facts object the security-center service
 * gathers from the read models (services/src/security-center/security-checks.ts); a fact another part of the
 * system does not provide yet is `null`, and its check says "unavailable" instead of inventing a value.
 */

export const SECURITY_CHECK_IDS = [
  'admin_mfa',
  'password_policy',
  'session_timeouts',
  'open_alerts',
  'inactive_accounts',
  'audit_chain',
  'exports_audited',
  'retention',
  'login_throttling',
  'secure_cookies',
] as const;
export type SecurityCheckId = (typeof SECURITY_CHECK_IDS)[number];

/** `unavailable`: the fact it needs is not provided by the system (yet); it counts neither for nor against. */
export const SECURITY_CHECK_STATUSES = ['passed', 'partial', 'failed', 'unavailable'] as const;
export type SecurityCheckStatus = (typeof SECURITY_CHECK_STATUSES)[number];

/** Each check's English title (the report's; the web translates by id) and where it is fixed. */
export const SECURITY_CHECKS: Record<SecurityCheckId, { title: string; maxPoints: number; fix: `/admin/${string}` }> = {
  admin_mfa: { title: 'Administrators use multi-factor authentication', maxPoints: 20, fix: '/admin/security?tab=policies' },
  password_policy: { title: 'Password policy refuses short and common passwords', maxPoints: 15, fix: '/admin/security?tab=policies' },
  session_timeouts: { title: 'Sessions end when idle and after a maximum duration', maxPoints: 10, fix: '/admin/security?tab=policies' },
  open_alerts: { title: 'No open critical or high security alerts', maxPoints: 15, fix: '/admin/security?tab=alerts' },
  inactive_accounts: { title: 'No active account unused for 90 days', maxPoints: 10, fix: '/admin/users' },
  audit_chain: { title: 'Audit trail hash chain verifies', maxPoints: 10, fix: '/admin/audit-log' },
  exports_audited: { title: 'Data exports are recorded in the audit trail', maxPoints: 5, fix: '/admin/audit-log' },
  retention: { title: 'Data retention period configured', maxPoints: 5, fix: '/admin/security?tab=policies' },
  login_throttling: { title: 'Failed logins are throttled', maxPoints: 5, fix: '/admin/login-history' },
  secure_cookies: { title: 'Session cookies are Secure (HTTPS public URL)', maxPoints: 5, fix: '/admin/security?tab=compliance' },
};

/** The values a check's text may quote (counts, minutes, flags). */
export type SecurityCheckDetail = Readonly<Record<string, number | string | boolean | null>>;

export interface SecurityCheckResult {
  id: SecurityCheckId;
  /** Its English title (SECURITY_CHECKS; the web shows its own translation). */
  title: string;
  status: SecurityCheckStatus;
  /** Points earned (0 when unavailable). */
  earned: number;
  max: number;
  /** The facts behind the verdict, for the check's text (e.g. `{ enrolled: 1, admins: 2 }`). */
  detail: SecurityCheckDetail;
  /** Where to fix it (an admin URL). */
  fix: `/admin/${string}`;
}

/** The Security Score: earned over the maximum of the checks that could be evaluated, percent (0 … 100). */
export interface SecurityScore {
  percent: number;
  earned: number;
  max: number;
  /** Checks left out because their facts are not available. */
  unavailable: number;
  checks: SecurityCheckResult[];
}

export const COMPLIANCE_STANDARD_IDS = ['gdpr', 'soc2'] as const;
export type ComplianceStandardId = (typeof COMPLIANCE_STANDARD_IDS)[number];

/** Which checks count for each standard (GDPR Art. 5, 25, 30, 32; SOC 2 CC6, CC7). */
export const COMPLIANCE_STANDARDS: Record<ComplianceStandardId, { name: string; checks: readonly SecurityCheckId[] }> = {
  gdpr: { name: 'GDPR', checks: ['audit_chain', 'exports_audited', 'retention', 'inactive_accounts', 'admin_mfa', 'password_policy', 'secure_cookies'] },
  soc2: {
    name: 'SOC 2',
    checks: ['admin_mfa', 'password_policy', 'session_timeouts', 'open_alerts', 'inactive_accounts', 'audit_chain', 'login_throttling', 'exports_audited'],
  },
};

/** Spec 02 "ComplianceRecord" status: compliant, partial, or (shown red) non_compliant. */
export const COMPLIANCE_STATUSES = ['compliant', 'partial', 'non_compliant'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
/** Scores at or above these are compliant / partial. */
export const COMPLIANCE_THRESHOLDS = { compliant: 90, partial: 60 } as const;
/** Days from an assessment to the next review. */
export const COMPLIANCE_REVIEW_DAYS = 90;
/** Improvement areas a card shows (spec 02 §9: at most 2). */
export const COMPLIANCE_IMPROVEMENTS_SHOWN = 2;

/** One standard's result (spec 02 "ComplianceRecord"). */
export interface ComplianceStandardResult {
  standard: ComplianceStandardId;
  name: string;
  status: ComplianceStatus;
  score: number;
  /** Checks of the standard that are failed or partial. */
  violations: number;
  /** The checks to improve, most points missing first. */
  improvements: SecurityCheckId[];
  /** Checks of the standard whose facts are not available. */
  unavailable: number;
}
