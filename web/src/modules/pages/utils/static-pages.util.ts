/**
 * The fixed data of the static pages (spec 01 §2 "Static pages"): which items each page lists, in which order,
 * and the numbers and dates, which are formatted per locale. The words live in the i18n blocks.
 */
import type { Locales } from '../../../i18n/i18n-types.ts';

export const ABOUT_VALUES = ['customers', 'simplicity', 'trust', 'improvement'] as const;

export type AboutStatKey = 'founded' | 'team' | 'countries' | 'customers';
export const ABOUT_STATS: readonly { key: AboutStatKey; value: number; format: 'year' | 'plus' | 'compactPlus' }[] = [
  { key: 'founded', value: 2020, format: 'year' },
  { key: 'team', value: 50, format: 'plus' },
  { key: 'countries', value: 30, format: 'plus' },
  { key: 'customers', value: 10_000, format: 'compactPlus' },
];

/** 2020 (no grouping), 50+, 10K+ / ١٠ ألف+ / 10 k+. */
export function formatStat(stat: { value: number; format: 'year' | 'plus' | 'compactPlus' }, locale: Locales): string {
  switch (stat.format) {
    case 'year':
      return new Intl.NumberFormat(locale, { useGrouping: false }).format(stat.value);
    case 'plus':
      return `${new Intl.NumberFormat(locale).format(stat.value)}+`;
    case 'compactPlus':
      return `${new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 0 }).format(stat.value)}+`;
  }
}

export const CAREER_BENEFITS = ['remote', 'health', 'learning', 'timeOff', 'equipment', 'equity'] as const;

export type OpeningKey = 'backend' | 'frontend' | 'designer' | 'success' | 'marketing';
/** Yearly gross salary ranges in euros. */
export const CAREER_OPENINGS: readonly { key: OpeningKey; salary: { min: number; max: number } }[] = [
  { key: 'backend', salary: { min: 65_000, max: 85_000 } },
  { key: 'frontend', salary: { min: 50_000, max: 65_000 } },
  { key: 'designer', salary: { min: 48_000, max: 62_000 } },
  { key: 'success', salary: { min: 30_000, max: 40_000 } },
  { key: 'marketing', salary: { min: 14_000, max: 16_000 } },
];

export function formatMoney(value: number, locale: Locales): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(value);
}

export type PressReleaseKey = 'expansion' | 'funding' | 'launch';
export const PRESS_RELEASES: readonly { key: PressReleaseKey; date: string }[] = [
  { key: 'expansion', date: '2024-09-12' },
  { key: 'funding', date: '2024-03-05' },
  { key: 'launch', date: '2023-06-20' },
];
export const MEDIA_KIT = ['logos', 'screenshots', 'factSheet', 'brandGuide'] as const;
export const PRESS_EMAIL = 'press@nexacrm.com';
export const SECURITY_EMAIL = 'security@nexacrm.com';

/** A calendar date (YYYY-MM-DD) in the locale's long form, independent of the visitor's time zone. */
export function formatDate(isoDate: string, locale: Locales): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

export function formatCount(value: number, locale: Locales): string {
  return new Intl.NumberFormat(locale).format(value);
}

export const SECURITY_FEATURES = ['passwords', 'sessions', 'throttling', 'audit', 'web', 'privacy'] as const;
export const SECURITY_CERTIFICATIONS = ['asvs', 'gdpr', 'nist'] as const;
export const SECURITY_PRACTICES = ['uniquePassword', 'reviewSessions', 'leastPrivilege', 'reviewHistory', 'phishing'] as const;

export const PRIVACY_SECTIONS = ['collect', 'use', 'legalBasis', 'retention', 'sharing', 'rights', 'cookies', 'contact'] as const;
export const TERMS_SECTIONS = ['service', 'accounts', 'trial', 'use', 'data', 'payment', 'liability', 'termination', 'law'] as const;
/** When the privacy policy, terms and cookie policy last changed. */
export const LEGAL_LAST_UPDATED = '2026-11-01';
