import type { TranslationFunctions } from '../../i18n/i18n-types.ts';
import type { ApiFailure } from './api-error.util.ts';
import { errorText } from './error-texts.util.ts';

/**
 * A server refusal in the reader's language: known domain codes and access errors are translated; anything
 * else is the server's own (English) message. Null when the server gave nothing to show.
 */
export function serverMessage(failure: Extract<ApiFailure, { kind: 'server' }>, LL: TranslationFunctions): string | null {
  const translated = domainMessage(failure.domainCode, LL);
  if (translated) return translated;
  if (failure.code === 'UNAUTHORIZED') return LL.serverErrors.unauthorized();
  if (failure.code === 'FORBIDDEN') return LL.serverErrors.forbidden();
  return failure.message || null;
}

/**
 * The translation of a business-rule refusal code (`DomainError.code`), or null when there is none. The text
 * lives in the namespace of the area that shows the code (error-texts.util.ts), or in the base namespace for the
 * public pages' codes; a namespace that is not loaded gives null, and the caller shows the server's message.
 */
export function domainMessage(code: string | null | undefined, LL: TranslationFunctions): string | null {
  return code ? errorText(code, LL) : null;
}
