/**
 * The audit log CSV (spec 02, "Audit Log viewer"): file `audit-log-yyyy-MM-dd.csv`, columns Date, User, Action,
 * Entity, Entity ID, Changes, Status, then IP Address and Risk. A UTF-8 BOM first, RFC 4180 quoting, formula
 * guard (platform/csv.ts). Changes are `field: old → new` joined with `; `.
 */
import { AUDIT_CSV_COLUMNS, todayIn, type AuditLogEntry } from '@crm/contracts';
import { CSV_BOM, csvLine } from '../platform/csv.ts';

const OUTCOME_LABELS: Record<string, string> = { success: 'Success', failure: 'Failed', warning: 'Warning' };

const text = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

export function auditChangesText(entry: Pick<AuditLogEntry, 'changes'>): string {
  return entry.changes.map((c) => `${c.field}: ${text(c.oldValue) || '∅'} → ${text(c.newValue) || '∅'}`).join('; ');
}

export function auditCsvHeader(): string {
  return `${CSV_BOM}${csvLine(AUDIT_CSV_COLUMNS)}`;
}

export function auditCsvRow(e: AuditLogEntry): string {
  return csvLine([e.timestamp, e.userName ?? '', e.action, e.entity, e.entityId ?? '', auditChangesText(e), OUTCOME_LABELS[e.outcome] ?? e.outcome, e.ipAddress ?? '', e.riskLevel]);
}

/** `audit-log-2030-01-31.csv`, the date in the business time zone. */
export function auditCsvFileName(now: Date, timeZone: string): string {
  return `audit-log-${todayIn(timeZone, now)}.csv`;
}
