import type { SecurityAlertView } from '@crm/contracts/security/alert.input';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v) || 0);
const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v ? v : fallback);

/** Who an alert is about, as a person reads it: the account's name, else the e-mail typed, else the address. */
export function alertSubject(alert: SecurityAlertView, unknown: string): string {
  return alert.userName ?? alert.email ?? alert.ipAddress ?? unknown;
}

/** Data inside a sentence (a Latin name or e-mail in Arabic) in its own direction: Unicode first-strong isolate … pop. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** An alert's description in the reader's language, from its type and figures (the server's text is English). */
export function alertDescription(LL: TranslationFunctions, alert: SecurityAlertView): string {
  const t = LL.securityAlerts.alerts.descriptions;
  const d = alert.details;
  const who = isolated(alertSubject(alert, LL.securityAlerts.alerts.unknownAccount()));
  switch (alert.type) {
    case 'brute_force':
      return t.brute_force({ failures: num(d.failures), who: alert.email ? isolated(alert.email) : who, minutes: num(d.minutes) });
    case 'password_spraying':
      return t.password_spraying({ failures: num(d.failures), accounts: num(d.accounts), minutes: num(d.minutes) });
    case 'new_country':
      return t.new_country({ who, country: isolated(str(d.country, '?')), previous: isolated(str(d.previous, '?')) });
    case 'privilege_escalation':
      return t.privilege_escalation({ who, from: isolated(str(d.from, '?')) });
    case 'mass_export':
      return t.mass_export({ who, rows: num(d.rows), exports: num(d.exports), minutes: num(d.minutes) });
    case 'deactivated_account_login':
      return t.deactivated_account_login({ who });
    default:
      return alert.description;
  }
}

/** Chakra colour palettes of severities and statuses. */
export const SEVERITY_PALETTE = { low: 'gray', medium: 'yellow', high: 'orange', critical: 'red' } as const;
export const STATUS_PALETTE = { open: 'red', investigating: 'blue', resolved: 'green' } as const;

/** The audit log searched for a record's id (a login's, an export's, an account's): its entries. */
export const auditLogLink = (entityId: string) => `/admin/audit-log?search=${encodeURIComponent(entityId)}`;
