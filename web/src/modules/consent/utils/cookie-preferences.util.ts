/**
 * The visitor's cookie choices, saved in localStorage under `cookiePreferences` as
 * `{"necessary":true,"analytics":…,"marketing":…,"functional":…}`. A tiny store (read, save, subscribe) shared by
 * the consent banner, the /cookies page (through `useCookiePreferences`) and the analytics queue (plain calls).
 */
export const COOKIE_PREFERENCES_KEY = 'cookiePreferences';

export interface CookiePreferences {
  /** Always on: the site cannot work without it (language choice, session on the admin area). */
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

export type CookieCategory = keyof CookiePreferences;
export const COOKIE_CATEGORIES: readonly CookieCategory[] = ['necessary', 'analytics', 'marketing', 'functional'];

/** The defaults the /cookies page starts from (spec): analytics on, marketing off, functional on. */
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = { necessary: true, analytics: true, marketing: false, functional: true };
export const ALL_COOKIES: CookiePreferences = { necessary: true, analytics: true, marketing: true, functional: true };
export const NECESSARY_ONLY: CookiePreferences = { necessary: true, analytics: false, marketing: false, functional: false };

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: CookiePreferences | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): CookiePreferences | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null) return null;
    const flag = (key: CookieCategory) => (typeof value[key] === 'boolean' ? (value[key] as boolean) : DEFAULT_COOKIE_PREFERENCES[key]);
    return { necessary: true, analytics: flag('analytics'), marketing: flag('marketing'), functional: flag('functional') };
  } catch {
    return null;
  }
}

/** The saved choices, or null when the visitor has not chosen yet (the banner shows). Stable between changes. */
export function readCookiePreferences(): CookiePreferences | null {
  const raw = storage()?.getItem(COOKIE_PREFERENCES_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

export function saveCookiePreferences(preferences: Omit<CookiePreferences, 'necessary'> & { necessary?: boolean }) {
  const value: CookiePreferences = { necessary: true, analytics: preferences.analytics, marketing: preferences.marketing, functional: preferences.functional };
  try {
    storage()?.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the choice holds for this page only.
    cachedRaw = JSON.stringify(value);
    cached = value;
  }
  for (const listener of listeners) listener();
}

/** Usage analytics may run only after the visitor said yes (no saved choice means no). */
export function hasAnalyticsConsent(): boolean {
  return readCookiePreferences()?.analytics === true;
}

export function subscribeCookiePreferences(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key === COOKIE_PREFERENCES_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
