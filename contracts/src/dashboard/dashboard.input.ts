import { z } from 'zod';
import { CUSTOMER_STATUSES, DEAL_STAGES, LEAD_SOURCES, TASK_STATUSES } from '../crm/crm.constants.ts';

/** The periods the dashboard offers, in days (spec 02 "Enhanced Dashboard": 7, 30 or 90). */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PERIOD_DEFAULT: DashboardPeriod = 30;
/** Most Recent Activity entries (spec 02 §9: recent activity at most 5). */
export const DASHBOARD_ACTIVITY_LIMIT = 5;
/** Calendar months in the revenue trend, the current one included. */
export const DASHBOARD_TREND_MONTHS = 6;

const periodMessage = `must be one of ${DASHBOARD_PERIODS.join(', ')}`;

/**
 * tRPC `dashboard.analytics` and REST `GET /api/crm/analytics/dashboard?period=`: the period in days (7, 30 or
 * 90; 30 when absent). Coerced: the REST route reads it from the query string.
 */
export const dashboardInput = z.object({
  period: z.coerce.number({ error: periodMessage }).pipe(z.literal(DASHBOARD_PERIODS, { error: periodMessage })).default(DASHBOARD_PERIOD_DEFAULT),
});
export type DashboardInput = z.output<typeof dashboardInput>;
export type DashboardPayload = z.input<typeof dashboardInput>;

/** A count (customers, deals, tasks). */
const count = z.number().int();

/**
 * The four KPIs (spec 02 "Dashboard analytics" summary: totalRevenue, totalCustomers, completionRate, totalDeals,
 * a public contract), each over the period [from, to), with the same figure over the period before it and the
 * change. docs/CRM.md "Dashboard" has the definitions.
 */
export const dashboardSummarySchema = z.object({
  /** Value of the deals won (now in closed_won) whose closedAt is in the period, dollars. */
  totalRevenue: z.number(),
  /** Customers created in the period (live ones). */
  totalCustomers: count,
  /** Of the tasks created in the period and not cancelled, the share completed, percent (one decimal); 0 with none. */
  completionRate: z.number(),
  /** Deals created in the period (live ones). */
  totalDeals: count,
  previous: z.object({ totalRevenue: z.number(), totalCustomers: count, completionRate: z.number(), totalDeals: count }),
  /**
   * Change against the previous period: percent for revenue, customers and deals (null when the previous figure
   * is 0), percentage points for the completion rate.
   */
  change: z.object({ totalRevenue: z.number().nullable(), totalCustomers: z.number().nullable(), completionRate: z.number(), totalDeals: z.number().nullable() }),
  /** Tasks behind the completion rate: completed and counted (not cancelled) in the period. */
  tasksCompleted: count,
  tasksCounted: count,
});
export type DashboardSummary = z.output<typeof dashboardSummarySchema>;

export const DASHBOARD_ACTIVITY_KINDS = ['customer', 'deal', 'task'] as const;
export type DashboardActivityKind = (typeof DASHBOARD_ACTIVITY_KINDS)[number];
/** What last happened to the record. */
export const DASHBOARD_ACTIVITY_ACTIONS = ['created', 'updated', 'status_changed', 'assigned', 'stage_changed', 'restored', 'contacted'] as const;
export type DashboardActivityAction = (typeof DASHBOARD_ACTIVITY_ACTIONS)[number];

/**
 * One Recent Activity entry: the spec's (id, name, status, email, createdAt) and what happened. One entry per
 * record (its latest change), newest first.
 */
export const dashboardActivitySchema = z.object({
  /** The record's id. */
  id: z.string(),
  kind: z.enum(DASHBOARD_ACTIVITY_KINDS),
  /** Customer name, deal or task title. */
  name: z.string(),
  /** Customer status, deal stage or task status. */
  status: z.union([z.enum(CUSTOMER_STATUSES), z.enum(DEAL_STAGES), z.enum(TASK_STATUSES)]),
  /** The customer's e-mail; null for deals and tasks. */
  email: z.string().nullable(),
  /** When the activity happened (ISO instant; for a creation, the record's creation). */
  createdAt: z.string(),
  action: z.enum(DASHBOARD_ACTIVITY_ACTIONS),
  /** The record's admin URL (`/admin/customers/<id>`, `/admin/pipeline/deals/<id>`, `/admin/tasks/<id>`). */
  href: z.string(),
});
export type DashboardActivity = z.output<typeof dashboardActivitySchema>;

/**
 * The dashboard's analytics: tRPC `dashboard.analytics`, REST `GET /api/crm/analytics/dashboard`
 * (`{ success, analytics }`, documented with this schema in the OpenAPI document).
 */
export const dashboardAnalyticsSchema = z.object({
  period: z.literal(DASHBOARD_PERIODS),
  /** The period [from, to) and the one before it [previousFrom, from), ISO instants. */
  range: z.object({ from: z.string(), to: z.string(), previousFrom: z.string() }),
  summary: dashboardSummarySchema,
  recentActivity: z.array(dashboardActivitySchema),
  /** Live deals per stage now, every stage in board order; not bound to the period. */
  pipeline: z.array(z.object({ stage: z.enum(DEAL_STAGES), count })),
  trends: z.object({
    /** Won value per calendar month (BUSINESS_TZ) by closedAt, the last DASHBOARD_TREND_MONTHS months, `YYYY-MM`. */
    revenue: z.array(z.object({ month: z.string(), value: z.number() })),
  }),
  /** Customers created in the period per lead source (`unknown`: none given), every source listed. */
  acquisition: z.array(z.object({ source: z.enum([...LEAD_SOURCES, 'unknown']), count })),
  /**
   * Customers created in the period (live ones) by the furthest stage their status history reached, counted at
   * every stage up to it (lead < prospect < customer; a customer only ever inactive counts nowhere): leads ≥
   * prospects ≥ customers.
   */
  funnel: z.array(z.object({ stage: z.enum(CUSTOMER_STATUSES).exclude(['inactive']), count })),
  /** When the figures were computed (ISO instant). */
  generatedAt: z.string(),
});
export type DashboardAnalytics = z.output<typeof dashboardAnalyticsSchema>;
