/**
 * The dashboard's figures (tRPC `dashboard.analytics`, REST `GET /api/crm/analytics/dashboard`), in ONE statement
 * (one round trip, one snapshot) over the logical VIEWs; each part groups on the server into a handful of rows
 * and the shaping happens here:
 * - customers (KPI, acquisition by source, funnel): `crm_dashboard_records` (kind customer), the period and the
 *   one before it, read from the `customers_created` index, grouped by period × source × furthest stage;
 * - deals (KPI, pipeline by stage): `crm_deals` counted by stage (no sums: summing 50k numeric values was half of
 *   the statement's time); revenue (KPI, monthly trend): won deals by
 *   `closed_at` through its partial index;
 * - tasks (completion rate): `crm_tasks` of the two periods grouped by period and status;
 * - Recent Activity: `crm_dashboard_records`' latest activities (`recent` / `owner_recent` index).
 * Record-level scope: `ownerId` (a `crm:own` actor) keeps the records assigned to them; null (`crm:all`) all.
 * Definitions of each figure: docs/CRM.md "Dashboard".
 */
import {
  DASHBOARD_ACTIVITY_LIMIT,
  DASHBOARD_TREND_MONTHS,
  DEAL_STAGES,
  LEAD_SOURCES,
  type DashboardActivity,
  type DashboardActivityAction,
  type DashboardActivityKind,
  type DashboardAnalytics,
  type DashboardPeriod,
  type DealStage,
  type LeadSource,
} from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { sqlParams } from '../runner/read-model.ts';

export interface DashboardQueryOptions {
  period: DashboardPeriod;
  /** A `crm:own` actor's id (only records assigned to them); null for `crm:all`. */
  ownerId: string | null;
  /** The end of the period (exclusive). */
  now: Date;
  /** The zone of the revenue trend's calendar months (BUSINESS_TZ). */
  timeZone: string;
}

const DAY_MS = 86_400_000;

interface DashboardRow {
  customers: { cur: boolean; source: string | null; reached: number; n: number }[] | null;
  deals: { stage: string; n: number; created_cur: number; created_prev: number }[] | null;
  revenue: { cur: number | null; prev: number | null };
  trend: { month: string; value: number }[];
  tasks: { cur: boolean; counted: number; completed: number }[] | null;
  activity: { id: string; kind: string; name: string; status: string; email: string | null; action: string; at: string }[] | null;
}

/** The record's admin URL (the areas' deep links). */
export function activityHref(kind: DashboardActivityKind, id: string): string {
  const path = kind === 'customer' ? '/admin/customers' : kind === 'deal' ? '/admin/pipeline/deals' : '/admin/tasks';
  return `${path}/${encodeURIComponent(id)}`;
}

/** Percent change from `previous` to `current` (one decimal), null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const rate = (completed: number, counted: number) => (counted === 0 ? 0 : Math.round((completed / counted) * 1000) / 10);
const money = (v: number) => Math.round(v * 100) / 100;

export async function dashboardAnalytics(db: SqlQueryable, options: DashboardQueryOptions): Promise<DashboardAnalytics> {
  const to = options.now;
  const from = new Date(to.getTime() - options.period * DAY_MS);
  const previousFrom = new Date(to.getTime() - 2 * options.period * DAY_MS);
  const sql = sqlParams();
  const $to = `${sql.param(to.toISOString())}::timestamptz`;
  const $from = `${sql.param(from.toISOString())}::timestamptz`;
  const $prev = `${sql.param(previousFrom.toISOString())}::timestamptz`;
  const $tz = `${sql.param(options.timeZone)}::text`;
  const owner = options.ownerId ? `${sql.param(options.ownerId)}::uuid` : null;
  const own = (column: string) => (owner ? ` AND ${column} = ${owner}` : '');
  const $limit = sql.param(DASHBOARD_ACTIVITY_LIMIT);
  const monthStart = `date_trunc('month', ${$to} AT TIME ZONE ${$tz})`;

  const customers = `(SELECT json_agg(x) FROM (
      SELECT r.created_at >= ${$from} AS cur, r.lead_source AS source, r.reached, count(*)::int AS n
        FROM crm_dashboard_records r
       WHERE r.kind = 'customer' AND NOT r.deleted AND r.created_at >= ${$prev} AND r.created_at < ${$to}${own('r.owner')}
       GROUP BY 1, 2, 3) x)`;
  const deals = `(SELECT json_agg(x) FROM (
      SELECT d.stage, count(*)::int AS n,
             count(*) FILTER (WHERE d.created_at >= ${$from} AND d.created_at < ${$to})::int AS created_cur,
             count(*) FILTER (WHERE d.created_at >= ${$prev} AND d.created_at < ${$from})::int AS created_prev
        FROM crm_deals d WHERE true${own('d.assigned_to')}
       GROUP BY d.stage) x)`;
  const revenue = `(SELECT json_build_object(
        'cur', sum(d.value) FILTER (WHERE d.closed_at >= ${$from})::float8,
        'prev', sum(d.value) FILTER (WHERE d.closed_at < ${$from})::float8)
        FROM crm_deals d
       WHERE d.closed_at IS NOT NULL AND d.stage = 'closed_won' AND d.closed_at >= ${$prev} AND d.closed_at < ${$to}${own('d.assigned_to')})`;
  // One grouped scan of the won deals since the first month, joined to the six months (not a subquery per month:
  // its cost estimate, 1,000 generated rows × a subplan, pushed the statement past PostgreSQL's JIT threshold and
  // the compilation took half a second).
  const trend = `(SELECT json_agg(json_build_object('month', to_char(m.m, 'YYYY-MM'), 'value', coalesce(w.value, 0)::float8) ORDER BY m.m)
        FROM generate_series(${monthStart} - interval '${DASHBOARD_TREND_MONTHS - 1} months', ${monthStart}, interval '1 month') AS m(m)
        LEFT JOIN (
          SELECT date_trunc('month', d.closed_at AT TIME ZONE ${$tz}) AS m, sum(d.value) AS value
            FROM crm_deals d
           WHERE d.closed_at IS NOT NULL AND d.stage = 'closed_won'
             AND d.closed_at >= ((${monthStart} - interval '${DASHBOARD_TREND_MONTHS - 1} months') AT TIME ZONE ${$tz}) AND d.closed_at < ${$to}${own('d.assigned_to')}
           GROUP BY 1) w ON w.m = m.m)`;
  const tasks = `(SELECT json_agg(x) FROM (
      SELECT t.created_at >= ${$from} AS cur,
             count(*) FILTER (WHERE t.status <> 'cancelled')::int AS counted,
             count(*) FILTER (WHERE t.status = 'completed')::int AS completed
        FROM crm_tasks t
       WHERE t.created_at >= ${$prev} AND t.created_at < ${$to}${own('t.assigned_to')}
       GROUP BY 1) x)`;
  const activity = `(SELECT json_agg(x) FROM (
      SELECT r.id::text AS id, r.kind, r.name, r.status, r.email, r.action, r.action_at AS at
        FROM crm_dashboard_records r
       WHERE NOT r.deleted${own('r.owner')}
       ORDER BY r.action_at DESC, r.id DESC LIMIT ${$limit}) x)`;

  const { rows } = await db.query(
    `SELECT ${customers} AS customers, ${deals} AS deals, ${revenue} AS revenue, ${trend} AS trend, ${tasks} AS tasks, ${activity} AS activity`,
    sql.params,
  );
  const row = rows[0] as DashboardRow;

  // Customers: the two periods' counts, the period's sources and funnel.
  const customerRows = row.customers ?? [];
  const sum = (list: { n: number }[]) => list.reduce((s, r) => s + r.n, 0);
  const current = customerRows.filter((r) => r.cur);
  const totalCustomers = sum(current);
  const previousCustomers = sum(customerRows.filter((r) => !r.cur));
  const bySource = new Map<string, number>();
  for (const r of current) bySource.set(r.source ?? 'unknown', (bySource.get(r.source ?? 'unknown') ?? 0) + r.n);
  const acquisition = [...LEAD_SOURCES, 'unknown' as const].map((source) => ({ source, count: bySource.get(source) ?? 0 })) as { source: LeadSource | 'unknown'; count: number }[];
  const reachedAtLeast = (rank: number) => sum(current.filter((r) => r.reached >= rank));
  const funnel = [
    { stage: 'lead' as const, count: reachedAtLeast(1) },
    { stage: 'prospect' as const, count: reachedAtLeast(2) },
    { stage: 'customer' as const, count: reachedAtLeast(3) },
  ];

  // Deals.
  const dealRows = new Map((row.deals ?? []).map((d) => [d.stage, d]));
  const pipeline = DEAL_STAGES.map((stage: DealStage) => ({ stage, count: dealRows.get(stage)?.n ?? 0 }));
  const totalDeals = (row.deals ?? []).reduce((s, d) => s + d.created_cur, 0);
  const previousDeals = (row.deals ?? []).reduce((s, d) => s + d.created_prev, 0);
  const totalRevenue = money(row.revenue.cur ?? 0);
  const previousRevenue = money(row.revenue.prev ?? 0);

  // Tasks.
  const taskCur = (row.tasks ?? []).find((t) => t.cur) ?? { counted: 0, completed: 0 };
  const taskPrev = (row.tasks ?? []).find((t) => !t.cur) ?? { counted: 0, completed: 0 };
  const completionRate = rate(taskCur.completed, taskCur.counted);
  const previousRate = rate(taskPrev.completed, taskPrev.counted);

  const recentActivity: DashboardActivity[] = (row.activity ?? []).map((a) => ({
    id: a.id,
    kind: a.kind as DashboardActivityKind,
    name: a.name,
    status: a.status as DashboardActivity['status'],
    email: a.email,
    createdAt: new Date(a.at).toISOString(),
    action: a.action as DashboardActivityAction,
    href: activityHref(a.kind as DashboardActivityKind, a.id),
  }));

  return {
    period: options.period,
    range: { from: from.toISOString(), to: to.toISOString(), previousFrom: previousFrom.toISOString() },
    summary: {
      totalRevenue,
      totalCustomers,
      completionRate,
      totalDeals,
      previous: { totalRevenue: previousRevenue, totalCustomers: previousCustomers, completionRate: previousRate, totalDeals: previousDeals },
      change: {
        totalRevenue: percentChange(totalRevenue, previousRevenue),
        totalCustomers: percentChange(totalCustomers, previousCustomers),
        completionRate: Math.round((completionRate - previousRate) * 10) / 10,
        totalDeals: percentChange(totalDeals, previousDeals),
      },
      tasksCompleted: taskCur.completed,
      tasksCounted: taskCur.counted,
    },
    recentActivity,
    pipeline,
    trends: { revenue: row.trend.map((t) => ({ month: t.month, value: money(t.value) })) },
    acquisition,
    funnel,
    generatedAt: to.toISOString(),
  };
}
