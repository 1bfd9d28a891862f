import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { fieldIssueText } from '../../api/field-issues.util.ts';

/**
 * Why the server refused a new password, in the reader's language, when it was the password policy: shorter than
 * the policy's minimum (which an admin may have raised above 8) or on the common-password list. Null otherwise.
 */
export function passwordRefusalText(error: ApiFailure | null | undefined, field: string, LL: TranslationFunctions): string | null {
  if (error?.kind !== 'server') return null;
  const issue = error.fieldIssues[field]?.find((i) => i.kind === 'commonPassword' || i.kind === 'tooShort');
  return issue ? fieldIssueText(issue, LL) : null;
}
