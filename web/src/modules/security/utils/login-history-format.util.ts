import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';

/** "1 h 02 min", "3 min 05 s", "42 s"; a dash while the session is open or for a failed attempt (spec: default a dash). */
export function formatDuration(LL: TranslationFunctions, seconds: number | null): string {
  if (seconds === null) return '–';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const d = LL.security.duration;
  if (hours > 0) return d.hours({ hours, minutes: String(minutes).padStart(2, '0') });
  if (minutes > 0) return d.minutes({ minutes, seconds: String(rest).padStart(2, '0') });
  return d.seconds({ seconds: rest });
}

export function formatDateTime(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

/** A day (YYYY-MM-DD) as a short label for the chart. */
export function formatDay(locale: string, day: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The server's location ('Local network' / 'Unknown') in the reader's language. */
export function locationLabel(LL: TranslationFunctions, location: string): string {
  if (location === 'Local network') return LL.security.locations.localNetwork();
  if (location === 'Unknown') return LL.security.locations.unknown();
  return location;
}

/** A known code in the reader's language, or the code itself. */
export function labelOf(dictionary: object, code: string): string {
  const fn = (dictionary as Record<string, (() => string) | undefined>)[code];
  return fn ? fn() : code;
}
