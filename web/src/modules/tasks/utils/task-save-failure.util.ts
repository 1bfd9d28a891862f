import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';
import { describeApiError } from '../../api/api-error.util.ts';
import { saveFailure } from '../../api/save-failure.util.ts';
import { TASK_CODE_FIELDS } from './task-form.util.ts';

/** A refused Create / Edit Task in the reader's language (save-failure.util.ts). */
export function taskSaveFailure(caught: unknown, LL: TranslationFunctions): { errors: Record<string, string[]>; reason: string | null } {
  return saveFailure(describeApiError(caught), LL, TASK_CODE_FIELDS);
}
