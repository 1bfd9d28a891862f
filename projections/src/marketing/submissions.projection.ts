/**
 * Form submissions (issue 16; spec 02 §3 "FormSubmission"; streams `form-submission-<id>`, written once):
 * `marketing_submissions`, one row per submission, real (LeadFormSubmitted: the lead it created or the customer
 * it updated, its campaign, its lead source) or spam (LeadFormSpamReceived: `spam`, `spam_reason`; no customer).
 * `search` holds the lower-cased e-mail, form name and answers, for the Form Submissions tab's search box.
 */
import { marketingEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const SUBMISSION_EVENTS = ['LeadFormSubmitted', 'LeadFormSpamReceived'] as const;
const parseSubmissionEvent = contractEventParser(marketingEventSchemas, SUBMISSION_EVENTS);

/** The text the search box matches: e-mail, form name and every answer, lower-cased (same on the query side). */
export function submissionSearchText(s: { email: string | null; formName: string; data: Record<string, unknown> }): string {
  const answers = Object.values(s.data).flatMap((v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []));
  return [s.email ?? '', s.formName, ...answers].join(' ').toLowerCase().slice(0, 20_000);
}

export const submissionsTable = readModelTable({
  name: 'marketing_submissions',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    form_id: { type: 'uuid' },
    form_name: { type: 'text' },
    campaign_id: { type: 'uuid', nullable: true },
    customer_id: { type: 'uuid', nullable: true, comment: 'the lead it created (lead_created) or the existing customer it updated' },
    lead_created: { type: 'boolean', default: 'false' },
    lead_source: { type: 'text', nullable: true },
    spam: { type: 'boolean', default: 'false' },
    spam_reason: { type: 'text', nullable: true },
    email: { type: 'text', nullable: true },
    data: { type: 'jsonb' },
    channel: { type: 'text' },
    ip_address: { type: 'text', nullable: true },
    user_agent: { type: 'text', nullable: true },
    referrer: { type: 'text', nullable: true },
    utm_source: { type: 'text', nullable: true },
    utm_medium: { type: 'text', nullable: true },
    utm_campaign: { type: 'text', nullable: true },
    utm_term: { type: 'text', nullable: true },
    utm_content: { type: 'text', nullable: true },
    created_at: { type: 'timestamptz', immutable: true },
    search: { type: 'text' },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'created', on: '(spam, created_at DESC, id DESC)' },
    { name: 'form', on: '(form_id, created_at DESC, id DESC)' },
    { name: 'campaign', on: '(campaign_id, created_at DESC)', where: 'campaign_id IS NOT NULL' },
    { name: 'customer', on: '(customer_id)', where: 'customer_id IS NOT NULL' },
    { search: 'search' },
  ],
});

export type SubmissionRow = RowOf<typeof submissionsTable>;

export const submissionsProjection = defineProjection({
  name: 'marketing_submissions',
  version: 1,
  tables: [submissionsTable.name],
  eventTypes: SUBMISSION_EVENTS,

  async setup(client, physical) {
    await createReadModelTables(client, physical, submissionsTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, submissionsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const rows = new Map<string, SubmissionRow>();
    for (const event of events) {
      const parsed = parseSubmissionEvent(event);
      if (!parsed || rows.has(parsed.data.submissionId)) continue;
      const d = parsed.data;
      const origin = {
        channel: d.channel,
        ip_address: d.ipAddress,
        user_agent: d.userAgent,
        referrer: d.referrer,
        utm_source: d.utmSource,
        utm_medium: d.utmMedium,
        utm_campaign: d.utmCampaign,
        utm_term: d.utmTerm,
        utm_content: d.utmContent,
      };
      if (parsed.type === 'LeadFormSubmitted') {
        const s = parsed.data;
        rows.set(s.submissionId, {
          id: s.submissionId,
          form_id: s.formId,
          form_name: s.formName,
          campaign_id: s.campaignId,
          customer_id: s.customerId,
          lead_created: s.leadCreated,
          lead_source: s.leadSource,
          spam: false,
          spam_reason: null,
          email: s.email,
          data: s.data,
          ...origin,
          created_at: s.submittedAt,
          search: submissionSearchText({ email: s.email, formName: s.formName, data: s.data }),
        });
      } else {
        const s = parsed.data;
        rows.set(s.submissionId, {
          id: s.submissionId,
          form_id: s.formId,
          form_name: s.formName,
          campaign_id: null,
          customer_id: null,
          lead_created: false,
          lead_source: null,
          spam: true,
          spam_reason: s.reason,
          email: null,
          data: s.data,
          ...origin,
          created_at: s.receivedAt,
          search: submissionSearchText({ email: null, formName: s.formName, data: s.data }),
        });
      }
    }
    if (rows.size > 0) await submissionsTable.insertNew(client, tables.marketing_submissions!, [...rows.values()]);
  },
});
