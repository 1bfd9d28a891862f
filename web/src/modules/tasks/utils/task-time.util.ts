import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';

/**
 * Spec 02 §9: time left in hours under 24 hours, otherwise in days; past due, in hours overdue up to 48 hours,
 * then in days overdue ("14 days overdue", not "326 hours overdue").
 */
export type TimeLeft =
  | { kind: 'hours'; count: number }
  | { kind: 'days'; count: number }
  | { kind: 'overdue'; count: number }
  | { kind: 'daysOverdue'; count: number };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** From this long past due, the overdue text counts days. */
export const DAYS_OVERDUE_FROM_MS = 48 * HOUR;

export function timeLeft(dueDate: string, now: Date): TimeLeft {
  const ms = new Date(dueDate).getTime() - now.getTime();
  if (ms < 0) {
    if (-ms >= DAYS_OVERDUE_FROM_MS) return { kind: 'daysOverdue', count: Math.floor(-ms / DAY) };
    return { kind: 'overdue', count: Math.max(1, Math.floor(-ms / HOUR)) };
  }
  // Within the hour reads "1 hour left", as a moment past due reads "1 hour overdue" (never "0 hours").
  if (ms < DAY) return { kind: 'hours', count: Math.max(1, Math.floor(ms / HOUR)) };
  return { kind: 'days', count: Math.floor(ms / DAY) };
}

/** The time-left text in the reader's language (plural forms per locale). */
export function timeLeftText(left: TimeLeft, LL: TranslationFunctions): string {
  const t = LL.tasks.table;
  switch (left.kind) {
    case 'hours':
      return t.hoursLeft({ count: left.count });
    case 'days':
      return t.daysLeft({ count: left.count });
    case 'overdue':
      return t.hoursOverdue({ count: left.count });
    case 'daysOverdue':
      return t.daysOverdue({ count: left.count });
    default: {
      const never: never = left;
      return never;
    }
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's calendar day in the browser, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * An instant as a `datetime-local` value (YYYY-MM-DDTHH:mm) in the browser's time zone: the dialog's due date
 * and time are the reader's own wall clock; the server stores the instant.
 */
export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${localToday(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the browser's wall clock) → an ISO instant; empty → null; unparsable → kept as sent (the server names it). */
export function fromLocalDateTime(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The browser's time zone name, for the due date's hint (e.g. Europe/Paris). */
export function browserZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
