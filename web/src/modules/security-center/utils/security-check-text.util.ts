import type { SecurityCheckResult } from '@crm/contracts/security-center/security-checks';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';

export type CheckTexts = TranslationFunctions['securityCenter']['checks'];

/** The facts behind a check, in a sentence of the reader's language. */
export function checkDetailText(t: CheckTexts, check: SecurityCheckResult): string {
  if (check.status === 'unavailable') return t.details.unavailable();
  const d = check.detail;
  const yesNo = (v: unknown) => (v === true ? t.yes() : t.no());
  const num = (v: unknown) => String(v ?? 0);
  switch (check.id) {
    case 'admin_mfa':
      return t.details.admin_mfa({ enrolled: num(d.enrolled), admins: num(d.admins), required: yesNo(d.requiredForAdmins) });
    case 'password_policy':
      return t.details.password_policy({ minLength: num(d.minLength), refuseCommon: yesNo(d.refuseCommon) });
    case 'session_timeouts':
      return t.details.session_timeouts({ idleMinutes: num(d.idleMinutes), absoluteHours: num(d.absoluteHours) });
    case 'open_alerts':
      return t.details.open_alerts({ critical: num(d.critical), high: num(d.high) });
    case 'inactive_accounts':
      return t.details.inactive_accounts({ inactive: num(d.inactive), active: num(d.active) });
    case 'audit_chain':
      return t.details.audit_chain({ checked: num(d.checked), result: d.ok ? t.chainOk() : t.chainBroken() });
    case 'exports_audited':
      return t.details.exports_audited({ auditedExports: num(d.auditedExports) });
    case 'retention':
      return t.details.retention({ days: d.days === null || d.days === undefined ? t.none() : t.days({ days: num(d.days) }) });
    case 'login_throttling':
      return t.details.login_throttling({ freeAttempts: num(d.freeAttempts), maxDelaySeconds: num(d.maxDelaySeconds) });
    case 'secure_cookies':
      return t.details.secure_cookies({ https: yesNo(d.https) });
    default: {
      const never: never = check.id;
      return never;
    }
  }
}

