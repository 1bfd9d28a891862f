/**
 * The login-history CSV (spec 02 §9): file `login-history-yyyy-MM-dd.csv`, columns Date, User, Email,
 * IP Address, Location, Device, Browser, Status, Duration. A UTF-8 BOM first, RFC 4180 quoting, labels rather
 * than codes for Device and Status ("Desktop", "Suspicious", in English: the export has no locale), and cells
 * a spreadsheet would run as a formula defused (platform/csv.ts).
 */
import { todayIn, type LoginRecord, type LoginStatus } from '@crm/contracts';
import { CSV_BOM, csvLine, humanizeCode } from '../platform/csv.ts';

export const CSV_COLUMNS = ['Date', 'User', 'Email', 'IP Address', 'Location', 'Device', 'Browser', 'Status', 'Duration'] as const;

const STATUS_LABELS: Record<LoginStatus, string> = { success: 'Success', failed: 'Failed', suspicious: 'Suspicious' };
const DEVICE_LABELS: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

/** "1h 02m 03s" style, or a dash when the session has not ended (spec: session_duration default a dash). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '-';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m ${String(s).padStart(2, '0')}s` : m > 0 ? `${m}m ${String(s).padStart(2, '0')}s` : `${s}s`;
}

/** The byte order mark, then the column names. */
export function csvHeader(): string {
  return `${CSV_BOM}${csvLine(CSV_COLUMNS)}`;
}

export function csvRow(r: LoginRecord): string {
  return csvLine([
    r.timestamp,
    r.user_name ?? '',
    r.user_email,
    r.ip_address ?? '',
    r.location,
    DEVICE_LABELS[r.device] ?? humanizeCode(r.device),
    r.browser,
    STATUS_LABELS[r.status] ?? humanizeCode(r.status),
    formatDuration(r.session_duration),
  ]);
}

/** `login-history-2030-01-31.csv`, the date in the business time zone. */
export function csvFileName(now: Date, timeZone: string): string {
  return `login-history-${todayIn(timeZone, now)}.csv`;
}
