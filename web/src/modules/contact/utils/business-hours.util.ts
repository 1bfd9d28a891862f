import type { Locale } from '@crm/contracts/platform/locale';

/** Spec 01 §9: Monday to Friday, 9:00 AM to 6:00 PM GMT+1; answers within 24 business hours. */
export const BUSINESS_HOURS = { open: 9, close: 18, firstDay: 1, lastDay: 5 } as const;
export const RESPONSE_HOURS = 24;

const INTL: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar' };

/** The days and times of the business hours in the reader's language (Intl; a fixed UTC week, no clock involved). */
export function formatBusinessHours(locale: Locale) {
  const tag = INTL[locale];
  // 2024-01-01 was a Monday.
  const day = (weekday: number) => new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, weekday));
  const time = (hour: number) => new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1, hour));
  return {
    firstDay: day(BUSINESS_HOURS.firstDay),
    lastDay: day(BUSINESS_HOURS.lastDay),
    open: time(BUSINESS_HOURS.open),
    close: time(BUSINESS_HOURS.close),
    responseHours: new Intl.NumberFormat(tag).format(RESPONSE_HOURS),
  };
}

export const formatCount = (locale: Locale, n: number) => new Intl.NumberFormat(INTL[locale]).format(n);
