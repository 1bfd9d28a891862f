import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import type { Locales } from './i18n/i18n-types.ts';
import { baseLocale } from './i18n/i18n-util.ts';
import { loadLocaleAsync } from './i18n/i18n-util.async.ts';
import { applyDocumentLanguage, readStoredLanguage } from './modules/ui/utils/language.util.ts';

const locale = readStoredLanguage();
applyDocumentLanguage(locale);

function render(active: Locales) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  applyDocumentLanguage(active);
  createRoot(container).render(
    <StrictMode>
      <App initialLocale={active} />
    </StrictMode>,
  );
}

// Only the active language's dictionary is downloaded; render once it is there (English if it cannot load).
loadLocaleAsync(locale).then(
  () => render(locale),
  () => loadLocaleAsync(baseLocale).then(() => render(baseLocale)),
);
