import type { SubmissionListInput } from '@crm/contracts/marketing/marketing.input';
import type { FormSubmissionView } from '@crm/contracts/marketing/marketing.views';

/** One answer as text: a checkbox group's choices joined, a single checkbox as yes/no. */
export function answerText(value: unknown, yesNo: { yes: string; no: string }): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

/** Every answer of a submission, in the order it was stored. */
export function answersOf(submission: Pick<FormSubmissionView, 'submissionData'>): [string, unknown][] {
  return Object.entries(submission.submissionData ?? {});
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
