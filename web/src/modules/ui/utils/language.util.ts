import type { Locales } from '../../../i18n/i18n-types.ts';
import { baseLocale, isLocale } from '../../../i18n/i18n-util.ts';

/** localStorage key holding the visitor's chosen language (spec 01 §9). */
export const LANGUAGE_STORAGE_KEY = 'crm.language';

/** In the order the switcher lists them. */
export const SUPPORTED_LANGUAGES = ['en', 'ar', 'fr'] as const satisfies readonly Locales[];

const RIGHT_TO_LEFT: ReadonlySet<Locales> = new Set<Locales>(['ar']);

export function directionOf(locale: Locales): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/** The saved language, or English (the default) when none or an unknown value is saved. */
export function readStoredLanguage(): Locales {
  try {
    const saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (saved && isLocale(saved)) return saved;
  } catch {
    // Storage may be disabled (privacy mode): fall back to the default.
  }
  return baseLocale;
}

export function storeLanguage(locale: Locales): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Not fatal: the choice just is not remembered.
  }
}

/** `<html lang dir>`: Arabic lays the whole page out right to left. */
export function applyDocumentLanguage(locale: Locales): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = directionOf(locale);
}
