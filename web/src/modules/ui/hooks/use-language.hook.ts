import { useCallback } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { Locales } from '../../../i18n/i18n-types.ts';
import { loadLocaleAsync } from '../../../i18n/i18n-util.async.ts';
import { loadUsedNamespaces } from '../components/i18n-namespaces.component.tsx';
import { applyDocumentLanguage, directionOf, storeLanguage } from '../utils/language.util.ts';

/** The current language and a switcher that loads the dictionary, applies it at once and saves the choice. */
export function useLanguage() {
  const { locale, setLocale } = useI18nContext();
  const changeLanguage = useCallback(
    async (next: Locales) => {
      await Promise.all([loadLocaleAsync(next), loadUsedNamespaces(next)]);
      setLocale(next);
      storeLanguage(next);
      applyDocumentLanguage(next);
    },
    [setLocale],
  );
  return { locale, direction: directionOf(locale), changeLanguage };
}
