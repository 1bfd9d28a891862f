/**
 * Reads of the campaigns read model (`marketing_campaigns`, `marketing_campaign_costs`) with each campaign's
 * figures computed at query time (issue 16, docs/MARKETING.md):
 * - leadsGenerated: its submissions (`marketing_submissions`, campaign_id = it) that created a lead;
 * - customersWon: those leads whose customer (`crm_customers`, live) has status 'customer';
 * - wonValue: the value of those leads' closed_won deals (`crm_deals`);
 * - roi = campaignRoi(wonValue, spent), conversionRate = percentOf(customersWon, leadsGenerated).
 * Until the submissions read model exists (a fresh install before its projection's first generation) every
 * campaign has no lead.
 */
import {
  campaignActionsFrom,
  campaignRoi,
  percentOf,
  type CampaignCostView,
  type CampaignDetail,
  type CampaignLeadView,
  type CampaignListInput,
  type CampaignListResult,
  type CampaignOption,
  type CampaignStatus,
  type CampaignType,
  type CampaignView,
} from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { containsPattern, escapeLike, newestFirstPage, sqlParams } from '../runner/read-model.ts';

interface CampaignRow {
  id: string;
  name: string;
  type: CampaignType;
  status: CampaignStatus;
  description: string | null;
  budget: string;
  spent: string;
  utm_campaign: string;
  start_date: string | null;
  end_date: string | null;
  target_audience: Record<string, string>;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `c.id::text AS id, c.name, c.type, c.status, c.description, c.budget::text AS budget, c.spent::text AS spent,
  c.utm_campaign, c.start_date::text AS start_date, c.end_date::text AS end_date, c.target_audience,
  c.created_by::text AS created_by, u.name AS created_by_name, c.created_at, c.updated_at`;
const FROM = 'marketing_campaigns c LEFT JOIN users u ON u.id = c.created_by';

/** A campaign's lead figures (from its attributed submissions, their customers and deals). */
export interface CampaignFigures {
  leadsGenerated: number;
  customersWon: number;
  wonValue: number;
}
const NO_FIGURES: CampaignFigures = { leadsGenerated: 0, customersWon: 0, wonValue: 0 };

/** Whether the submissions read model exists yet (its projection creates it on its first start). */
async function submissionsExist(db: SqlQueryable): Promise<boolean> {
  const { rows } = await db.query(`SELECT to_regclass('marketing_submissions') IS NOT NULL AS present`);
  return (rows[0] as { present: boolean }).present;
}

/**
 * Leads generated, customers won and the value won, per campaign (all campaigns when `ids` is null). One
 * statement; a lead counts once however many of its deals were won.
 */
export async function campaignFigures(db: SqlQueryable, ids: readonly string[] | null): Promise<Map<string, CampaignFigures>> {
  const figures = new Map<string, CampaignFigures>();
  if ((ids && ids.length === 0) || !(await submissionsExist(db))) return figures;
  const { rows } = await db.query(
    `WITH leads AS (
       SELECT s.campaign_id, s.customer_id
         FROM marketing_submissions s
        WHERE s.lead_created AND s.campaign_id IS NOT NULL AND s.customer_id IS NOT NULL
          AND ($1::uuid[] IS NULL OR s.campaign_id = ANY($1::uuid[]))
     )
     SELECT l.campaign_id::text AS campaign_id,
            count(*)::int AS leads,
            count(*) FILTER (WHERE cu.status = 'customer' AND cu.deleted_at IS NULL)::int AS won,
            coalesce(sum(w.value), 0)::text AS won_value
       FROM leads l
       LEFT JOIN crm_customers cu ON cu.id = l.customer_id
       LEFT JOIN LATERAL (SELECT sum(d.value) AS value FROM crm_deals d WHERE d.customer_id = l.customer_id AND d.stage = 'closed_won') w ON true
      GROUP BY l.campaign_id`,
    [ids],
  );
  for (const r of rows as { campaign_id: string; leads: number; won: number; won_value: string }[]) {
    figures.set(r.campaign_id, { leadsGenerated: r.leads, customersWon: r.won, wonValue: Number(r.won_value) });
  }
  return figures;
}

function toView(r: CampaignRow, f: CampaignFigures): CampaignView {
  const spent = Number(r.spent);
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    type: r.type,
    status: r.status,
    actions: campaignActionsFrom(r.status),
    budget: Number(r.budget),
    spent,
    targetAudience: r.target_audience,
    startDate: r.start_date,
    endDate: r.end_date,
    utmCampaign: r.utm_campaign,
    leadsGenerated: f.leadsGenerated,
    customersWon: f.customersWon,
    conversionRate: percentOf(f.customersWon, f.leadsGenerated),
    wonValue: f.wonValue,
    roi: campaignRoi(f.wonValue, spent),
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/**
 * A page of the campaigns matching the filters (name or description, status, type), newest first, with their
 * figures, and how many match.
 */
export async function listCampaigns(db: SqlQueryable, filter: Partial<CampaignListInput> = {}): Promise<CampaignListResult> {
  const sql = sqlParams();
  const where: string[] = [];
  const search = filter.search?.trim().toLowerCase();
  if (search) where.push(`c.search LIKE ${sql.param(containsPattern(search))}`);
  if (filter.status) where.push(`c.status = ${sql.param(filter.status)}`);
  if (filter.type) where.push(`c.type = ${sql.param(filter.type)}`);
  const { rows, ...paging } = await newestFirstPage<CampaignRow>(db, { relation: FROM, columns: COLUMNS, where, sql, page: filter.page, limit: filter.limit });
  const figures = await campaignFigures(db, rows.map((r) => r.id));
  return { campaigns: rows.map((r) => toView(r, figures.get(r.id) ?? NO_FIGURES)), ...paging };
}

/** Every campaign by name (then id): a picker's choices. */
export async function campaignOptions(db: SqlQueryable): Promise<CampaignOption[]> {
  const { rows } = await db.query(`SELECT id::text AS id, name FROM marketing_campaigns ORDER BY lower(name), name, id`);
  return rows as CampaignOption[];
}

/** One campaign with its figures, or null. */
export async function getCampaign(db: SqlQueryable, id: string): Promise<CampaignView | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1::uuid`, [id]);
  const row = rows[0] as CampaignRow | undefined;
  if (!row) return null;
  return toView(row, (await campaignFigures(db, [id])).get(id) ?? NO_FIGURES);
}

/** One campaign with its cost entries (newest first), its leads with their deals, and its forms; or null. */
export async function getCampaignDetail(db: SqlQueryable, id: string): Promise<CampaignDetail | null> {
  const campaign = await getCampaign(db, id);
  if (!campaign) return null;
  const { rows: costRows } = await db.query(
    `SELECT id::text AS id, campaign_id::text AS "campaignId", amount::text AS amount, date::text AS date, note,
            recorded_by::text AS "recordedBy", recorded_at AS "recordedAt"
       FROM marketing_campaign_costs WHERE campaign_id = $1::uuid ORDER BY date DESC, recorded_at DESC, id`,
    [id],
  );
  const costs: CampaignCostView[] = (costRows as (Omit<CampaignCostView, 'amount' | 'recordedAt'> & { amount: string; recordedAt: Date })[]).map((c) => ({
    ...c,
    amount: Number(c.amount),
    recordedAt: c.recordedAt.toISOString(),
  }));
  const { rows: formRows } = await db.query(
    `SELECT id::text AS id, name, slug FROM marketing_forms WHERE campaign_id = $1::uuid AND NOT deleted ORDER BY created_at, id`,
    [id],
  );
  return { ...campaign, costs, leads: await campaignLeads(db, id), forms: formRows as CampaignDetail['forms'] };
}

/** The leads a campaign's submissions created, newest first, each with its customer's deals (at most 500). */
async function campaignLeads(db: SqlQueryable, id: string): Promise<CampaignLeadView[]> {
  if (!(await submissionsExist(db))) return [];
  const { rows } = await db.query(
    `SELECT s.customer_id::text AS "customerId", coalesce(cu.name, s.email, '') AS name, coalesce(cu.email, s.email) AS email,
            coalesce(cu.status, 'lead') AS status, s.form_id::text AS "formId", s.form_name AS "formName", s.created_at AS "attributedAt",
            coalesce((SELECT json_agg(json_build_object('id', d.id, 'title', d.title, 'stage', d.stage, 'value', d.value) ORDER BY d.created_at DESC, d.id)
                        FROM crm_deals d WHERE d.customer_id = s.customer_id), '[]') AS deals
       FROM marketing_submissions s
       LEFT JOIN crm_customers cu ON cu.id = s.customer_id
      WHERE s.campaign_id = $1::uuid AND s.lead_created AND s.customer_id IS NOT NULL
      ORDER BY s.created_at DESC, s.id
      LIMIT 500`,
    [id],
  );
  return (rows as (Omit<CampaignLeadView, 'attributedAt' | 'deals'> & { attributedAt: Date; deals: { id: string; title: string; stage: string; value: string | number }[] })[]).map(
    (r) => ({ ...r, attributedAt: r.attributedAt.toISOString(), deals: r.deals.map((d) => ({ ...d, value: Number(d.value) })) }),
  );
}

/** The campaign whose utm_campaign is `utm` (lowercase), or null: a submission's attribution without a form campaign. */
export async function findCampaignByUtm(db: SqlQueryable, utm: string): Promise<{ id: string; name: string } | null> {
  const { rows } = await db.query(`SELECT id::text AS id, name FROM marketing_campaigns WHERE utm_campaign = $1 ORDER BY created_at, id LIMIT 1`, [utm.trim().toLowerCase()]);
  return (rows[0] as { id: string; name: string } | undefined) ?? null;
}

/** The utm_campaign values already used that are `base` or start with `base-` (to pick a free one). */
export async function utmCampaignsLike(db: SqlQueryable, base: string): Promise<Set<string>> {
  const { rows } = await db.query(`SELECT utm_campaign FROM marketing_campaigns WHERE utm_campaign = $1 OR utm_campaign LIKE $2`, [base, `${escapeLike(base)}-%`]);
  return new Set((rows as { utm_campaign: string }[]).map((r) => r.utm_campaign));
}
