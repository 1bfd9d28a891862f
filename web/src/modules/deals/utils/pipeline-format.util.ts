/** Dollars, no cents when whole (spec 02 §1: money is shown in dollars). */
export function formatDollars(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: Number.isInteger(value) ? 0 : 2 }).format(value);
}

/** Whole dollars, compact for chart axes ("$12K"). */
export function formatDollarsCompact(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A calendar date `YYYY-MM-DD` in the reader's words (no time zone shift: it is a date, not an instant). */
export function formatCalendarDate(date: string, locale: string): string {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(parsed);
}

/** A month `YYYY-MM` as "Mar 2026". */
export function formatMonth(period: string, locale: string): string {
  const parsed = new Date(`${period}-01T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? period : new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(parsed);
}

export function formatPercent(value: number, locale: string, signed = false): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, ...(signed ? { signDisplay: 'exceptZero' as const } : {}) }).format(value / 100);
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}
