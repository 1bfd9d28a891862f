import type { TranslationFunctions } from '../../i18n/i18n-types.ts';
import { namespaces } from '../../i18n/i18n-util.ts';

type Texts = Record<string, (() => string) | undefined> | undefined;

/**
 * The text of a refusal code in the reader's language, or null. Codes the public pages and the login form show
 * live in the base namespace's `serverErrors` (every page downloads it, the landing page too); every other code
 * lives in the `errors` block of the namespace of each area that shows it, so a new domain's codes need no
 * shared list. A namespace that is not loaded yet gives no text, and the caller shows the server's English
 * message. i18n.unit.spec.ts checks that every code a screen can show (contracts' ERROR_CODES, less those marked
 * `internal`) has its text in every language, and that the base namespace holds only the public ones.
 */
export function errorText(code: string, LL: TranslationFunctions): string | null {
  const tables = LL as unknown as Record<string, { errors?: Texts } | undefined>;
  for (const texts of [LL.serverErrors as unknown as Texts, ...namespaces.map((ns) => tables[ns]?.errors)]) {
    const text = typeof texts?.[code] === 'function' ? texts[code]() : '';
    if (text) return text;
  }
  return null;
}
