import type { ServiceState } from '@crm/contracts';

/** A percentage as the locale writes it, with up to 2 decimals (99.95 → "99.95%", "99,95 %", "٩٩٫٩٥٪"). */
export function formatPercent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A UTC calendar day (YYYY-MM-DD) as the locale writes dates. */
export function formatDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** An instant in the visitor's time zone. */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(iso));
}

/**
 * Colours per state (with a text label beside them everywhere: colour is never the only cue). Badge text
 * meets WCAG AA contrast on its background (white on the 700 shades, near-black on the light ones).
 */
export const STATE_COLOR: Record<ServiceState, { bar: string; badgeBg: string; badgeFg: string }> = {
  operational: { bar: 'green.500', badgeBg: 'green.700', badgeFg: 'white' },
  degraded: { bar: 'orange.400', badgeBg: 'orange.200', badgeFg: 'gray.900' },
  outage: { bar: 'red.600', badgeBg: 'red.700', badgeFg: 'white' },
  unknown: { bar: 'gray.300', badgeBg: 'gray.200', badgeFg: 'gray.900' },
};
