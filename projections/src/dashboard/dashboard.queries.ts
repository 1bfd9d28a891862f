/**
 * The dashboard's figures (tRPC `dashboard.analytics`, REST `GET /api/crm/analytics/dashboard`), in ONE statement
 * (one round trip, one snapshot) over the `crm_dashboard` projection's tables; each part groups on the server into
 * a handful of rows and the shaping happens here.
 * Every period figure (customers per source and per furthest stage, deals created, tasks per status, value won)
 * and each month of the revenue trend is a sum over a span [a, b) split in two: the whole UTC days inside it from
 * `crm_dashboard_daily` (one row per scope, kind, day and key), and the partial days at its two edges from
 * `crm_dashboard_records` through its `created` and `won` indexes (at most a day's records at each edge). The 90-day
 * view thus sums a few thousand daily rows instead of reading the 180 days' records.
 * - pipeline: `crm_dashboard_pipeline`, live deals per stage now;
 * - Recent Activity: `crm_dashboard_records`' latest activities (`recent` / `owner_recent` index).
 * Record-level scope: `ownerId` (a `crm:own` actor) keeps the records assigned to them (the aggregates' rows of
 * that owner); null (`crm:all`) all (the aggregates' ALL_OWNERS rows).
 * The statement runs with JIT off (SET LOCAL in its own transaction when given a pool): it reads a few thousand
 * rows, and a cost estimate above `jit_above_cost` once cost half a second of compilation per request.
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
import { ALL_OWNERS } from './dashboard.projection.ts';

/** A pool (the statement then runs in a transaction of its own with JIT off) or a client. */
export type DashboardDb = SqlQueryable & { connect?: () => Promise<SqlQueryable & { release(err?: Error | boolean): void }> };

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
  /** Per span (`cur`, `prev`, or a trend month `YYYY-MM`), kind and key: live records and value. */
  facts: { p: string; kind: string; key: string; n: number; value: number }[] | null;
  /** The trend's months, oldest first. */
  months: string[];
  pipeline: { stage: string; n: number }[] | null;
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

export async function dashboardAnalytics(db: DashboardDb, options: DashboardQueryOptions): Promise<DashboardAnalytics> {
  const to = options.now;
  const from = new Date(to.getTime() - options.period * DAY_MS);
  const previousFrom = new Date(to.getTime() - 2 * options.period * DAY_MS);
  const sql = sqlParams();
  const $to = `${sql.param(to.toISOString())}::timestamptz`;
  const $from = `${sql.param(from.toISOString())}::timestamptz`;
  const $prev = `${sql.param(previousFrom.toISOString())}::timestamptz`;
  const $tz = `${sql.param(options.timeZone)}::text`;
  const $scope = `${sql.param(options.ownerId ?? ALL_OWNERS)}::uuid`;
  const own = options.ownerId ? ` AND r.owner = ${$scope}` : '';
  const $limit = sql.param(DASHBOARD_ACTIVITY_LIMIT);
  const monthStart = `date_trunc('month', ${$to} AT TIME ZONE ${$tz})`;

  // The spans: the period, the one before it, and the trend's months in the business time zone (the current one up
  // to now); each with its whole UTC days [lo_day, hi_day) (none when it is shorter than a day from midnight to
  // midnight), and its edges: the partial days before and after them, or the whole span when it has no whole day.
  const statement = `WITH spans AS (
      SELECT p, period, a, b, lo_day, hi_day, (lo_day::timestamp AT TIME ZONE 'UTC') AS lo_at, (hi_day::timestamp AT TIME ZONE 'UTC') AS hi_at
        FROM (SELECT p, period, a, b,
                     (a AT TIME ZONE 'UTC')::date + CASE WHEN (a AT TIME ZONE 'UTC')::time = time '00:00' THEN 0 ELSE 1 END AS lo_day,
                     (b AT TIME ZONE 'UTC')::date AS hi_day
                FROM (SELECT 'cur' AS p, true AS period, ${$from} AS a, ${$to} AS b
                      UNION ALL SELECT 'prev', true, ${$prev}, ${$from}
                      UNION ALL SELECT to_char(m.m, 'YYYY-MM'), false, m.m AT TIME ZONE ${$tz}, least((m.m + interval '1 month') AT TIME ZONE ${$tz}, ${$to})
                                  FROM generate_series(0, ${DASHBOARD_TREND_MONTHS - 1}) AS k(k)
                                 CROSS JOIN LATERAL (SELECT ${monthStart} - k.k * interval '1 month') AS m(m)) s) s),
    edges AS (
      SELECT p, period, a AS lo, CASE WHEN lo_day < hi_day THEN lo_at ELSE b END AS hi FROM spans
      UNION ALL
      SELECT p, period, hi_at, b FROM spans WHERE lo_day < hi_day),
    facts AS (
      SELECT s.p, d.kind, d.key, d.n, d.value
        FROM spans s JOIN crm_dashboard_daily d
          ON d.owner = ${$scope} AND d.kind IN ('customer_source', 'customer_reached', 'deal', 'task') AND d.day >= s.lo_day AND d.day < s.hi_day
       WHERE s.period
      UNION ALL
      SELECT s.p, 'won', '', w.n, w.value
        FROM spans s
       CROSS JOIN LATERAL (SELECT coalesce(sum(d.n), 0)::int AS n, coalesce(sum(d.value), 0) AS value FROM crm_dashboard_daily d
                            WHERE d.owner = ${$scope} AND d.kind = 'won' AND d.day >= s.lo_day AND d.day < s.hi_day) w
      UNION ALL
      SELECT e.p, k.kind, k.key, 1, 0
        FROM edges e JOIN crm_dashboard_records r
          ON r.kind IN ('customer', 'deal', 'task') AND NOT r.deleted AND r.created_at >= e.lo AND r.created_at < e.hi${own}
       CROSS JOIN LATERAL (VALUES
               (CASE r.kind WHEN 'customer' THEN 'customer_source' ELSE r.kind END, CASE r.kind WHEN 'customer' THEN coalesce(r.lead_source, '') WHEN 'task' THEN r.status ELSE '' END),
               (CASE r.kind WHEN 'customer' THEN 'customer_reached' END, r.reached::text)) AS k(kind, key)
       WHERE e.period AND k.kind IS NOT NULL
      UNION ALL
      SELECT e.p, 'won', '', w.n, w.value
        FROM edges e
       CROSS JOIN LATERAL (SELECT count(*)::int AS n, coalesce(sum(r.value), 0) AS value FROM crm_dashboard_records r
                            WHERE r.status = 'closed_won' AND NOT r.deleted AND r.closed_at >= e.lo AND r.closed_at < e.hi${own}) w)
    SELECT (SELECT json_agg(x) FROM (SELECT p, kind, key, sum(n)::int AS n, sum(value)::float8 AS value FROM facts GROUP BY 1, 2, 3) x) AS facts,
           (SELECT json_agg(p ORDER BY a) FROM spans WHERE NOT period) AS months,
           (SELECT json_agg(x) FROM (SELECT stage, n FROM crm_dashboard_pipeline WHERE owner = ${$scope}) x) AS pipeline,
           (SELECT json_agg(x) FROM (
              SELECT r.id::text AS id, r.kind, r.name, r.status, r.email, r.action, r.action_at AS at
                FROM crm_dashboard_records r
               WHERE NOT r.deleted${own}
               ORDER BY r.action_at DESC, r.id DESC LIMIT ${$limit}) x) AS activity`;
  const row = (await queryWithoutJit(db, statement, sql.params)) as DashboardRow;

  // Per span: the counts by kind and key, and the value won.
  const facts = row.facts ?? [];
  const count = (p: string, kind: string, match: (key: string) => boolean = () => true) =>
    facts.reduce((s, f) => (f.p === p && f.kind === kind && match(f.key) ? s + f.n : s), 0);
  const won = (p: string) => facts.find((f) => f.p === p && f.kind === 'won')?.value ?? 0;

  // Customers: every live one has one furthest-stage row (0–3), so those rows count them.
  const totalCustomers = count('cur', 'customer_reached');
  const previousCustomers = count('prev', 'customer_reached');
  const acquisition = [...LEAD_SOURCES, 'unknown' as const].map((source) => ({
    source,
    count: count('cur', 'customer_source', (key) => (key === '' ? 'unknown' : key) === source),
  })) as { source: LeadSource | 'unknown'; count: number }[];
  const reachedAtLeast = (rank: number) => count('cur', 'customer_reached', (key) => Number(key) >= rank);
  const funnel = [
    { stage: 'lead' as const, count: reachedAtLeast(1) },
    { stage: 'prospect' as const, count: reachedAtLeast(2) },
    { stage: 'customer' as const, count: reachedAtLeast(3) },
  ];

  // Deals.
  const stages = new Map((row.pipeline ?? []).map((d) => [d.stage, d.n]));
  const pipeline = DEAL_STAGES.map((stage: DealStage) => ({ stage, count: stages.get(stage) ?? 0 }));
  const totalDeals = count('cur', 'deal');
  const previousDeals = count('prev', 'deal');
  const totalRevenue = money(won('cur'));
  const previousRevenue = money(won('prev'));

  // Tasks: of those not cancelled, the completed ones.
  const tasks = (p: string) => ({ counted: count(p, 'task', (status) => status !== 'cancelled'), completed: count(p, 'task', (status) => status === 'completed') });
  const taskCur = tasks('cur');
  const taskPrev = tasks('prev');
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
    trends: { revenue: row.months.map((month) => ({ month, value: money(won(month)) })) },
    acquisition,
    funnel,
    generatedAt: to.toISOString(),
  };
}

/**
 * Runs the statement with JIT off: in a read-only transaction of its own (`SET LOCAL`, so the pooled connection
 * keeps its settings) when `db` is a pool; as it is on a client (the caller's session decides). The COMMIT is not
 * waited for: the connection goes back to the pool once it is done (a client runs its queries in order).
 */
async function queryWithoutJit(db: DashboardDb, statement: string, params: unknown[]): Promise<unknown> {
  if (!db.connect) return (await db.query(statement, params)).rows[0];
  const client = await db.connect();
  let rows: unknown[];
  try {
    await client.query('BEGIN READ ONLY; SET LOCAL jit = off');
    ({ rows } = await client.query(statement, params));
  } catch (err) {
    // The connection may be mid-transaction: drop it rather than return it to the pool.
    client.release(err instanceof Error ? err : true);
    throw err;
  }
  client.query('COMMIT').then(
    () => client.release(),
    (err: unknown) => client.release(err instanceof Error ? err : true),
  );
  return rows[0];
}
