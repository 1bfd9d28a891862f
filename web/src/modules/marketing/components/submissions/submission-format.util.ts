import type { FormField } from '@crm/contracts/marketing/marketing.constants';
import type { SubmissionListInput } from '@crm/contracts/marketing/marketing.input';
import type { FormSubmissionView } from '@crm/contracts/marketing/marketing.views';

/** One answer as text: a checkbox group's choices joined, a single checkbox as yes/no. */
export function answerText(value: unknown, yesNo: { yes: string; no: string }): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

/**
 * Every answer of a submission: in the order of the form's fields with their labels when the form is known, then
 * any other key (a field since removed) under its name.
 */
export function answersOf(submission: Pick<FormSubmissionView, 'submissionData'>, fields: readonly Pick<FormField, 'name' | 'label'>[] = []): { key: string; label: string; value: unknown }[] {
  const data: Record<string, unknown> = submission.submissionData ?? {};
  const known = fields.filter((f) => f.name in data).map((f) => ({ key: f.name, label: f.label, value: data[f.name] }));
  const named = new Set(known.map((a) => a.key));
  return [...known, ...Object.keys(data).filter((key) => !named.has(key)).map((key) => ({ key, label: key, value: data[key] }))];
}

/** The five UTM values of a submission, by query-string name. */
export function utmOf(s: FormSubmissionView): [string, string | null][] {
  return [
    ['utm_source', s.utmSource],
    ['utm_medium', s.utmMedium],
    ['utm_campaign', s.utmCampaign],
    ['utm_term', s.utmTerm],
    ['utm_content', s.utmContent],
  ];
}

/** The export's query string: the list's filters without paging (GET /api/marketing/submissions/export). */
export function exportQuery(filters: Partial<SubmissionListInput>): string {
  const params = new URLSearchParams();
  for (const key of ['search', 'formId', 'campaignId', 'spam', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
