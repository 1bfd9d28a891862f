import { useEffect, useState, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { Locales, Namespaces } from '../../../i18n/i18n-types.ts';
import { loadNamespaceAsync } from '../../../i18n/i18n-util.async.ts';
import { PageLoader } from './page-loader.component.tsx';

/** Namespaces already loaded, per language (`ar:users`), and every namespace a page has asked for. */
const loaded = new Set<string>();
const requested = new Set<Namespaces>();
const key = (locale: Locales, namespace: Namespaces) => `${locale}:${namespace}`;

async function load(locale: Locales, names: Iterable<Namespaces>): Promise<void> {
  await Promise.all(
    [...names]
      .filter((name) => !loaded.has(key(locale, name)))
      .map((name) => loadNamespaceAsync(locale, name).then(() => loaded.add(key(locale, name)))),
  );
}

/**
 * Loads, in `locale`, every namespace the pages have used so far: the language switcher awaits it before
 * switching, so the page on screen re-renders in the new language at once instead of unmounting to load.
 */
export const loadUsedNamespaces = (locale: Locales) => load(locale, requested);

/**
 * Renders `children` once the dictionaries of `names` are loaded in the current language. Strings used only
 * by some pages live in typesafe-i18n namespaces, so the landing page does not download every page's text;
 * a language switch loads the new language's namespaces before the page renders again.
 */
export function I18nNamespaces({ names, children }: { names: readonly Namespaces[]; children: ReactNode }) {
  const { locale, setLocale } = useI18nContext();
  for (const name of names) requested.add(name);
  const missing = names.filter((name) => !loaded.has(key(locale, name)));
  const [failed, setFailed] = useState(false);
  const pending = missing.join(',');

  useEffect(() => {
    if (!pending) return;
    let live = true;
    load(locale, pending.split(',') as Namespaces[]).then(
      // setLocale with the same language rebuilds LL from the updated dictionary.
      () => live && setLocale(locale),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [locale, pending, setLocale]);

  if (failed) throw new Error(`could not load the ${pending} translations`);
  return missing.length ? <PageLoader /> : children;
}
