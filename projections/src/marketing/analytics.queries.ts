/**
 * The Marketing area's summary cards and Analytics tab (issue 16; docs/MARKETING.md "Summary cards" and
 * "Analytics"), computed from the read models:
 * - campaigns (`marketing_campaigns`, `marketing_campaign_costs`) with their lead figures (`campaignFigures`:
 *   attributed submissions that created a lead, their customers and won deals);
 * - forms (`marketing_forms`: views and submissions counted by its projection);
 * - traffic: the site's page views per source and day (`marketing_traffic_daily`), form views
 *   (`marketing_form_views`) and submissions (`marketing_submissions`), each visit's source being its
 *   utm_source (lower-cased), else its referrer's host without `www.`, else `direct`.
 * A read model that does not exist yet (its projection has not started) counts as empty.
 */
import { campaignRoi, percentOf, todayIn, type MarketingAnalytics, type MarketingSummary } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { campaignFigures } from './campaigns.queries.ts';
import { DIRECT_SOURCE } from './analytics-sources.projection.ts';

/** How many months the Analytics tab shows by default, and at most. */
export const MARKETING_ANALYTICS_MONTHS = { default: 6, max: 24 } as const;
const TOP = 5;

interface CampaignTotals {
  id: string;
  name: string;
  type: MarketingAnalytics['topCampaigns'][number]['type'];
  status: MarketingAnalytics['topCampaigns'][number]['status'];
  budget: number;
  spent: number;
  leadsGenerated: number;
  customersWon: number;
  wonValue: number;
  roi: number | null;
}

/** Every campaign's budget, spend and lead figures (one row each, no cost entries or leads). */
async function campaignTotals(db: SqlQueryable): Promise<CampaignTotals[]> {
  const { rows } = await db.query(
    `SELECT id::text AS id, name, type, status, budget::text AS budget, spent::text AS spent FROM marketing_campaigns ORDER BY created_at, id`,
  );
  const figures = await campaignFigures(db, null);
  return (rows as { id: string; name: string; type: CampaignTotals['type']; status: CampaignTotals['status']; budget: string; spent: string }[]).map((r) => {
    const f = figures.get(r.id) ?? { leadsGenerated: 0, customersWon: 0, wonValue: 0 };
    const spent = Number(r.spent);
    return { ...r, budget: Number(r.budget), spent, ...f, roi: campaignRoi(f.wonValue, spent) };
  });
}

const mean = (values: number[]) => (values.length === 0 ? 0 : Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 100) / 100);
const money = (v: number) => Math.round(v * 100) / 100;

/** The four cards (spec 02 §3 "Marketing summary"). */
export async function marketingSummary(db: SqlQueryable): Promise<MarketingSummary> {
  const campaigns = await campaignTotals(db);
  const withSpend = campaigns.filter((c) => c.roi !== null);
  const top = [...withSpend].sort((a, b) => b.roi! - a.roi!)[0];
  return {
    totalCampaigns: campaigns.length,
    activeCampaigns: campaigns.filter((c) => c.status === 'active').length,
    totalBudget: money(campaigns.reduce((s, c) => s + c.budget, 0)),
    totalSpent: money(campaigns.reduce((s, c) => s + c.spent, 0)),
    totalLeads: campaigns.reduce((s, c) => s + c.leadsGenerated, 0),
    avgConversionRate: mean(campaigns.filter((c) => c.leadsGenerated > 0).map((c) => percentOf(c.customersWon, c.leadsGenerated))),
    avgROI: withSpend.length === 0 ? null : mean(withSpend.map((c) => c.roi!)),
    topPerformingCampaign: top ? { id: top.id, name: top.name, roi: top.roi! } : null,
  };
}

/** The calendar months (`YYYY-MM`) in `timeZone` ending with `now`'s there, oldest first. */
export function lastMonths(now: Date, count: number, timeZone = 'UTC'): string[] {
  const [year, month] = todayIn(timeZone, now).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

async function tablesPresent(db: SqlQueryable, names: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query(`SELECT n FROM unnest($1::text[]) AS n WHERE to_regclass(n) IS NOT NULL`, [names]);
  return new Set((rows as { n: string }[]).map((r) => r.n));
}

/** SQL: a visit's source from its utm_source and referrer URL columns (see trafficSourceOf for page views). */
const SOURCE_SQL = (utm: string, referrer: string) =>
  `coalesce(nullif(left(lower(btrim(${utm})), 200), ''),
            nullif(regexp_replace(lower(substring(${referrer} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^:/?#]+)')), '^www\\.', ''), ''),
            '${DIRECT_SOURCE}')`;

export interface MarketingAnalyticsOptions {
  months: number;
  now: Date;
  /** The business time zone: the calendar months are its (default UTC). */
  timeZone?: string;
}

/** The Analytics tab: top campaigns by ROI, top forms by conversion, traffic sources and monthly trends. */
export async function marketingAnalytics(db: SqlQueryable, options: MarketingAnalyticsOptions): Promise<MarketingAnalytics> {
  const timeZone = options.timeZone ?? 'UTC';
  const months = lastMonths(options.now, options.months, timeZone);
  // $1: the first day shown (a date column compares with it), $2: the zone; FROM_AT: that day's start there.
  const window = [`${months[0]}-01`, timeZone];
  const FROM_AT = `($1::date::timestamp AT TIME ZONE $2::text)`;
  const present = await tablesPresent(db, ['marketing_submissions', 'marketing_form_views', 'marketing_traffic_daily']);

  const campaigns = await campaignTotals(db);
  const topCampaigns = campaigns
    .filter((c) => c.roi !== null)
    .sort((a, b) => b.roi! - a.roi! || b.wonValue - a.wonValue || a.name.localeCompare(b.name))
    .slice(0, TOP)
    .map(({ id, name, type, status, roi, spent, wonValue, leadsGenerated }) => ({ id, name, type, status, roi, spent, wonValue, leadsGenerated }));

  const { rows: formRows } = await db.query(
    `SELECT id::text AS id, name, slug, views, submissions_count AS "submissionsCount"
       FROM marketing_forms WHERE NOT deleted AND views > 0
      ORDER BY submissions_count::numeric / views DESC, submissions_count DESC, name, id LIMIT ${TOP}`,
  );
  const topForms = (formRows as { id: string; name: string; slug: string; views: number; submissionsCount: number }[]).map((f) => ({
    ...f,
    conversionRate: percentOf(f.submissionsCount, f.views),
  }));

  // Traffic sources over the months shown: page views + form views = visits; submissions (not spam) and leads.
  const parts: string[] = [];
  // Page views are counted per UTC day: from the UTC day of the first day shown.
  if (present.has('marketing_traffic_daily')) parts.push(`SELECT source, page_views AS visits, 0 AS submissions, 0 AS leads FROM marketing_traffic_daily WHERE day >= (${FROM_AT} AT TIME ZONE 'UTC')::date`);
  if (present.has('marketing_form_views')) parts.push(`SELECT ${SOURCE_SQL('utm_source', 'referrer')}, 1, 0, 0 FROM marketing_form_views WHERE viewed_at >= ${FROM_AT}`);
  if (present.has('marketing_submissions')) {
    parts.push(`SELECT ${SOURCE_SQL('utm_source', 'referrer')}, 0, 1, CASE WHEN lead_created THEN 1 ELSE 0 END FROM marketing_submissions WHERE NOT spam AND created_at >= ${FROM_AT}`);
  }
  let trafficSources: MarketingAnalytics['trafficSources'] = [];
  if (parts.length > 0) {
    const { rows } = await db.query(
      `SELECT source, sum(visits)::int AS visits, sum(submissions)::int AS submissions, sum(leads)::int AS leads
         FROM (${parts.join(' UNION ALL ')}) t(source, visits, submissions, leads)
        GROUP BY source ORDER BY sum(visits) DESC, sum(submissions) DESC, source LIMIT 20`,
      window,
    );
    trafficSources = rows as MarketingAnalytics['trafficSources'];
  }

  // Monthly: leads, customers won (of that month's attributed leads, customers now), spend and submissions.
  const monthly = new Map(months.map((month) => [month, { month, leads: 0, customersWon: 0, spend: 0, submissions: 0 }]));
  const { rows: spendRows } = await db.query(
    `SELECT to_char(date, 'YYYY-MM') AS month, sum(amount)::text AS spend FROM marketing_campaign_costs WHERE date >= $1::date GROUP BY 1`,
    [window[0]],
  );
  for (const r of spendRows as { month: string; spend: string }[]) {
    const row = monthly.get(r.month);
    if (row) row.spend = money(Number(r.spend));
  }
  if (present.has('marketing_submissions')) {
    const { rows } = await db.query(
      `SELECT to_char(s.created_at AT TIME ZONE $2::text, 'YYYY-MM') AS month,
              count(*)::int AS submissions,
              count(*) FILTER (WHERE s.lead_created)::int AS leads,
              count(*) FILTER (WHERE s.lead_created AND s.campaign_id IS NOT NULL AND cu.status = 'customer' AND cu.deleted_at IS NULL)::int AS won
         FROM marketing_submissions s
         LEFT JOIN crm_customers cu ON cu.id = s.customer_id
        WHERE NOT s.spam AND s.created_at >= ${FROM_AT}
        GROUP BY 1`,
      window,
    );
    for (const r of rows as { month: string; submissions: number; leads: number; won: number }[]) {
      const row = monthly.get(r.month);
      if (row) Object.assign(row, { submissions: r.submissions, leads: r.leads, customersWon: r.won });
    }
  }
  return { topCampaigns, topForms, trafficSources, monthly: [...monthly.values()] };
}
