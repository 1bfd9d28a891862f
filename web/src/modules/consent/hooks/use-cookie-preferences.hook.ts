import { useCallback, useSyncExternalStore } from 'react';
import {
  ALL_COOKIES,
  DEFAULT_COOKIE_PREFERENCES,
  NECESSARY_ONLY,
  readCookiePreferences,
  saveCookiePreferences,
  subscribeCookiePreferences,
  type CookiePreferences,
} from '../utils/cookie-preferences.util.ts';

/**
 * The visitor's saved cookie choices (localStorage `cookiePreferences`), shared by the banner and the /cookies
 * page. `saved` is null before the first choice; `preferences` then holds the defaults (analytics on,
 * marketing off, functional on).
 */
export function useCookiePreferences() {
  const saved = useSyncExternalStore(subscribeCookiePreferences, readCookiePreferences, () => null);
  const save = useCallback((preferences: CookiePreferences) => saveCookiePreferences(preferences), []);
  const acceptAll = useCallback(() => saveCookiePreferences(ALL_COOKIES), []);
  const rejectOptional = useCallback(() => saveCookiePreferences(NECESSARY_ONLY), []);
  return { saved, preferences: saved ?? DEFAULT_COOKIE_PREFERENCES, hasChosen: saved !== null, save, acceptAll, rejectOptional };
}
