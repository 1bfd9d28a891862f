/**
 * Reads of the form submissions (`marketing_submissions`), with each one's campaign and customer names, for the
 * Form Submissions tab (tRPC `marketing.submissions.list`, REST `GET /api/marketing/submissions`) and its CSV
 * export; and the customer lookup a public submission needs (an existing customer with its e-mail).
 */
import type { FormSubmissionView, LeadSource, SpamReason, SubmissionListInput, SubmissionListResult, FormChannel } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { containsPattern, sqlParams } from '../runner/read-model.ts';

/** The list's filters without paging (the CSV export takes the same). */
export type SubmissionFilter = Omit<SubmissionListInput, 'page' | 'limit'>;

interface SubmissionRow {
  id: string;
  form_id: string;
  form_name: string;
  data: Record<string, unknown>;
  channel: FormChannel;
  ip_address: string | null;
  user_agent: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  campaign_id: string | null;
  campaign_name: string | null;
  customer_id: string | null;
  customer_name: string | null;
  lead_created: boolean;
  lead_source: LeadSource | null;
  spam: boolean;
  spam_reason: SpamReason | null;
  created_at: Date;
}

const COLUMNS = `s.id::text AS id, s.form_id::text AS form_id, s.form_name, s.data, s.channel, s.ip_address, s.user_agent, s.referrer,
  s.utm_source, s.utm_medium, s.utm_campaign, s.utm_term, s.utm_content, s.campaign_id::text AS campaign_id, c.name AS campaign_name,
  s.customer_id::text AS customer_id, cu.name AS customer_name, s.lead_created, s.lead_source, s.spam, s.spam_reason, s.created_at`;
const FROM = `marketing_submissions s
  LEFT JOIN marketing_campaigns c ON c.id = s.campaign_id
  LEFT JOIN crm_customers cu ON cu.id = s.customer_id AND cu.deleted_at IS NULL`;

function toView(r: SubmissionRow): FormSubmissionView {
  return {
    id: r.id,
    formId: r.form_id,
    formName: r.form_name,
    submissionData: r.data,
    channel: r.channel,
    ipAddress: r.ip_address,
    userAgent: r.user_agent,
    referrerUrl: r.referrer,
    utmSource: r.utm_source,
    utmMedium: r.utm_medium,
    utmCampaign: r.utm_campaign,
    utmTerm: r.utm_term,
    utmContent: r.utm_content,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    customerId: r.customer_id,
    customerName: r.customer_name,
    leadCreated: r.lead_created,
    leadSource: r.lead_source,
    spam: r.spam,
    spamReason: r.spam_reason,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * The conditions of every filter but spam (the counts need both sides). `from`/`to` are calendar days in
 * `timeZone` (the business time zone), both included.
 */
function filterConditions(filter: SubmissionFilter, sql: ReturnType<typeof sqlParams>, timeZone: string): string[] {
  const where: string[] = [];
  const search = filter.search?.trim().toLowerCase();
  if (search) where.push(`s.search LIKE ${sql.param(containsPattern(search))}`);
  if (filter.formId) where.push(`s.form_id = ${sql.param(filter.formId)}::uuid`);
  if (filter.campaignId) where.push(`s.campaign_id = ${sql.param(filter.campaignId)}::uuid`);
  if (filter.spamReason) where.push(`s.spam_reason = ${sql.param(filter.spamReason)}`);
  if (filter.utmSource) where.push(`lower(s.utm_source) = ${sql.param(filter.utmSource.toLowerCase())}`);
  if (filter.from) where.push(`s.created_at >= (${sql.param(filter.from)}::date)::timestamp AT TIME ZONE ${sql.param(timeZone)}`);
  if (filter.to) where.push(`s.created_at < ((${sql.param(filter.to)}::date + 1)::timestamp AT TIME ZONE ${sql.param(timeZone)})`);
  return where;
}

/** Spam only (`spam: 'only'`, or a spam reason asked for), else real submissions only; `alias`: the table's. */
const spamCondition = (filter: SubmissionFilter, alias: string) => (filter.spam === 'only' || filter.spamReason ? `${alias}.spam` : `NOT ${alias}.spam`);

/**
 * One page of submissions (newest first), real ones by default or spam only (`spam: 'only'`, or any
 * `spamReason`), with `total` under the filters and `spamTotal`: the spam under the same other filters.
 */
export async function listSubmissions(db: SqlQueryable, input: SubmissionListInput, options: { timeZone?: string } = {}): Promise<SubmissionListResult> {
  const sql = sqlParams();
  const where = filterConditions(input, sql, options.timeZone ?? 'UTC');
  const spam = spamCondition(input, 'f');
  const { rows } = await db.query(
    `WITH f AS MATERIALIZED (SELECT s.id, s.spam, s.created_at FROM marketing_submissions s ${where.length ? `WHERE ${where.join(' AND ')}` : ''}),
          page AS (SELECT f.id FROM f WHERE ${spam} ORDER BY f.created_at DESC, f.id DESC
                   LIMIT ${sql.param(input.limit)} OFFSET ${sql.param((input.page - 1) * input.limit)})
     SELECT (SELECT count(*) FROM f WHERE ${spam})::int AS total, (SELECT count(*) FROM f WHERE f.spam)::int AS spam_total,
            coalesce((SELECT array_agg(id::text) FROM page), '{}') AS ids`,
    sql.params,
  );
  const head = rows[0] as { total: number; spam_total: number; ids: string[] };
  const submissions = head.ids.length > 0 ? await submissionsByIds(db, head.ids) : [];
  return { submissions, total: head.total, spamTotal: head.spam_total, page: input.page, limit: input.limit };
}

async function submissionsByIds(db: SqlQueryable, ids: string[]): Promise<FormSubmissionView[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.id = ANY($1::uuid[]) ORDER BY s.created_at DESC, s.id DESC`, [ids]);
  return (rows as SubmissionRow[]).map(toView);
}

/** Every submission the filter matches, newest first, in keyset pages (the CSV export). */
export async function* iterateSubmissions(db: SqlQueryable, filter: SubmissionFilter, options: { timeZone?: string; chunkSize?: number } = {}): AsyncGenerator<FormSubmissionView[]> {
  const chunk = options.chunkSize ?? 1000;
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const sql = sqlParams();
    const where = [...filterConditions(filter, sql, options.timeZone ?? 'UTC'), spamCondition(filter, 's')];
    if (after) where.push(`(s.created_at, s.id) < (${sql.param(after.at)}::timestamptz, ${sql.param(after.id)}::uuid)`);
    const { rows } = await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where.join(' AND ')} ORDER BY s.created_at DESC, s.id DESC LIMIT ${sql.param(chunk)}`, sql.params);
    const page = rows as SubmissionRow[];
    if (page.length === 0) return;
    yield page.map(toView);
    if (page.length < chunk) return;
    const last = page.at(-1)!;
    after = { at: last.created_at, id: last.id };
  }
}
