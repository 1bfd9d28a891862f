/**
 * The Form Submissions tab (issue 16): the list (filters, paging, spam apart) and its CSV export, streamed in
 * keyset pages and audited (DataExported `form_submissions_csv`). Reads only; transport-free.
 */
import type pg from 'pg';
import { todayIn, type EventStore, type FormSubmissionView, type SubmissionListInput, type SubmissionListResult } from '@crm/contracts';
import { iterateSubmissions, listSubmissions, type SubmissionFilter } from '@crm/projections';
import { recordDataExport } from '../audit/data-export.ts';
import { CSV_BOM, csvLine } from '../platform/csv.ts';
import type { CommandContext } from '../platform/decider.ts';

export interface SubmissionsService {
  list(input: SubmissionListInput): Promise<SubmissionListResult>;
  /** The CSV lines (BOM and header first) of every submission the filter matches; the export is recorded first. */
  exportCsv(filter: SubmissionFilter, by: string, ctx: CommandContext): AsyncGenerator<string>;
  csvFileName(now: Date): string;
}

const HEADER = [
  'Submitted at',
  'Form',
  'Answers',
  'Spam',
  'Spam reason',
  'Lead created',
  'Customer ID',
  'Customer',
  'Lead source',
  'Campaign',
  'Channel',
  'Referrer',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'UTM term',
  'UTM content',
  'IP address',
  'User agent',
  'Submission ID',
];

/** The answers in one cell: `name: value` lines (a checkbox list joined with commas). */
function answersCell(data: FormSubmissionView['submissionData']): string {
  return Object.entries(data)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)}`)
    .join('\n');
}

export function submissionCsvRow(s: FormSubmissionView): string {
  return csvLine([
    s.createdAt,
    s.formName,
    answersCell(s.submissionData),
    s.spam ? 'yes' : 'no',
    s.spamReason,
    s.leadCreated ? 'yes' : 'no',
    s.customerId,
    s.customerName,
    s.leadSource,
    s.campaignName,
    s.channel,
    s.referrerUrl,
    s.utmSource,
    s.utmMedium,
    s.utmCampaign,
    s.utmTerm,
    s.utmContent,
    s.ipAddress,
    s.userAgent,
    s.id,
  ]);
}

export function createSubmissionsService(deps: { pool: pg.Pool; store: EventStore; timeZone: string }): SubmissionsService {
  const { pool, store, timeZone } = deps;
  return {
    list: (input) => listSubmissions(pool, input, { timeZone }),

    async *exportCsv(filter, by, ctx) {
      await recordDataExport(store, { what: 'form_submissions_csv', filters: filter, by }, ctx);
      yield CSV_BOM + csvLine(HEADER);
      for await (const batch of iterateSubmissions(pool, filter, { timeZone })) yield batch.map(submissionCsvRow).join('');
    },

    csvFileName: (now) => `form-submissions-${todayIn(timeZone, now)}.csv`,
  };
}
