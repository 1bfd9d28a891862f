import type { FieldIssue, FieldIssues } from '@crm/contracts/platform/field-issues';
import type { TranslationFunctions } from '../../i18n/i18n-types.ts';

/** One field problem in the reader's language. */
export function fieldIssueText(issue: FieldIssue, LL: TranslationFunctions): string {
  // Every kind has a text of its name (a missing one fails to compile); the too… kinds use the limit, the others ignore it.
  const say = LL.fieldIssues[issue.kind] as (params: { limit: number }) => string;
  return say({ limit: issue.limit ?? 0 });
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

/**
 * Field errors split into those of a form's fields — a path's first part names the field, so `tags.2`
 * belongs to Tags — and the messages of anything else (shown apart, without the path).
 */
export function splitFieldErrors<F extends string>(errors: Record<string, string[]>, isFormField: (name: string) => name is F): { byField: Partial<Record<F, string>>; other: string[] } {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    const field = path.split('.')[0]!;
    if (isFormField(field)) byField[field] = [byField[field], ...messages].filter(Boolean).join(' ');
    else other.push(...messages);
  }
  return { byField, other };
}
