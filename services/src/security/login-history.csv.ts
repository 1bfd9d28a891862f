/**
 * The login-history CSV (spec 02 §9): file `login-history-yyyy-MM-dd.csv`, columns Date, User, Email,
 * IP Address, Location, Device, Browser, Status, Duration. RFC 4180 quoting, and cells that a spreadsheet
 * would run as a formula (starting with = + - @ or a tab/CR) are prefixed with a quote (OWASP CSV injection).
 */
import { todayIn, type LoginRecord } from '@crm/contracts';

export const CSV_COLUMNS = ['Date', 'User', 'Email', 'IP Address', 'Location', 'Device', 'Browser', 'Status', 'Duration'] as const;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A lone dash (the open-session duration) cannot be a formula.
  if (/^[=+\-@\t\r]/.test(text) && text !== '-') text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "1h 02m 03s" style, or a dash when the session has not ended (spec: session_duration default a dash). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '-';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m ${String(s).padStart(2, '0')}s` : m > 0 ? `${m}m ${String(s).padStart(2, '0')}s` : `${s}s`;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

export function csvRow(r: LoginRecord): string {
  return `${[r.timestamp, r.user_name ?? '', r.user_email, r.ip_address ?? '', r.location, r.device, r.browser, r.status, formatDuration(r.session_duration)]
    .map(csvCell)
    .join(',')}\r\n`;
}

/** `login-history-2030-01-31.csv`, the date in the business time zone. */
export function csvFileName(now: Date, timeZone: string): string {
  return `login-history-${todayIn(timeZone, now)}.csv`;
}
