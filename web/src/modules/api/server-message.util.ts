import type { TranslationFunctions } from '../../i18n/i18n-types.ts';
import type { ApiFailure } from './api-error.util.ts';

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

/** The translation of a business-rule refusal code (`DomainError.code`), or null when there is none. */
export function domainMessage(code: string | null | undefined, LL: TranslationFunctions): string | null {
  const known = LL.serverErrors as unknown as Record<string, (() => string) | undefined>;
  return (code && known[code]?.()) || null;
}
