import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';
import { describeApiError } from '../../api/api-error.util.ts';
import { translatedFieldErrors } from '../../api/field-issues.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { TASK_CODE_FIELDS } from './task-form.util.ts';

/**
 * A refused Create / Edit Task in the reader's language: the server's field errors per field (a refusal code
 * that belongs to one field, e.g. a deal of another customer, is shown under that field too), and the reason
 * for the toast (a translated domain code; none for plain bad input, whose fields say it).
 */
export function taskSaveFailure(caught: unknown, LL: TranslationFunctions): { errors: Record<string, string[]>; reason: string | null } {
  const failure = describeApiError(caught);
  if (failure.kind !== 'server') return { errors: {}, reason: null };
  const errors = translatedFieldErrors(failure.fieldErrors, failure.fieldIssues, LL);
  const hasFieldErrors = Object.keys(errors).length > 0;
  const reason = hasFieldErrors ? null : serverMessage(failure, LL);
  const field = failure.domainCode ? TASK_CODE_FIELDS[failure.domainCode] : undefined;
  if (field && reason) errors[field] = [reason];
  return { errors, reason };
}
