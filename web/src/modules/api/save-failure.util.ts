import type { TranslationFunctions } from '../../i18n/i18n-types.ts';
import type { ApiFailure } from './api-error.util.ts';
import { translatedFieldErrors } from './field-issues.util.ts';
import { serverMessage } from './server-message.util.ts';

/**
 * A refused save in the reader's language: the server's field errors per field (a refusal code that belongs to one
 * field, `codeFields`, e.g. a deal of another customer or an e-mail another customer has, is shown under that field
 * too), and the reason for the toast (a translated domain code; none for plain bad input, whose fields say it).
 */
export function saveFailure(
  failure: ApiFailure,
  LL: TranslationFunctions,
  codeFields: Readonly<Record<string, string>>,
): { errors: Record<string, string[]>; reason: string | null } {
  if (failure.kind !== 'server') return { errors: {}, reason: null };
  const errors = translatedFieldErrors(failure.fieldErrors, failure.fieldIssues, LL);
  const reason = Object.keys(errors).length > 0 ? null : serverMessage(failure, LL);
  const field = failure.domainCode ? codeFields[failure.domainCode] : undefined;
  if (field && reason) errors[field] = [reason];
  return { errors, reason };
}
