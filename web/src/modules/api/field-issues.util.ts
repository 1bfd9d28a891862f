import type { FieldIssue, FieldIssues } from '@crm/contracts/platform/field-issues';
import type { TranslationFunctions } from '../../i18n/i18n-types.ts';

/** One field problem in the reader's language. */
export function fieldIssueText(issue: FieldIssue, LL: TranslationFunctions): string {
  const t = LL.fieldIssues;
  const limit = issue.limit ?? 0;
  switch (issue.kind) {
    case 'required':
      return t.required();
    case 'tooShort':
      return t.tooShort({ limit });
    case 'tooLong':
      return t.tooLong({ limit });
    case 'tooSmall':
      return t.tooSmall({ limit });
    case 'tooBig':
      return t.tooBig({ limit });
    case 'tooFew':
      return t.tooFew({ limit });
    case 'tooMany':
      return t.tooMany({ limit });
    case 'format':
      return t.format();
    case 'choice':
      return t.choice();
    case 'invalid':
      return t.invalid();
  }
}

/**
 * The server's field errors in the reader's language: per field, the texts of its issues (each said once);
 * the server's own English message only for a field it sent no issue for.
 */
export function translatedFieldErrors(fieldErrors: Record<string, string[]>, issues: FieldIssues, LL: TranslationFunctions): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const field of new Set([...Object.keys(fieldErrors), ...Object.keys(issues)])) {
    const own = issues[field];
    out[field] = own?.length ? [...new Set(own.map((issue) => fieldIssueText(issue, LL)))] : (fieldErrors[field] ?? []);
  }
  return out;
}
