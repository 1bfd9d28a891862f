import { z } from 'zod';
import type { CustomerStatus, DealStage, LeadSource, TaskStatus } from '../crm/crm.constants.ts';

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

/**
 * The four KPIs (spec 02 "Dashboard analytics" summary: totalRevenue, totalCustomers, completionRate, totalDeals,
 * a public contract), each over the period [from, to), with the same figure over the period before it and the
 * change. docs/CRM.md "Dashboard" has the definitions.
 */
export interface DashboardSummary {
  /** Value of the deals won (now in closed_won) whose closedAt is in the period, dollars. */
  totalRevenue: number;
  /** Customers created in the period (live ones). */
  totalCustomers: number;
  /** Of the tasks created in the period and not cancelled, the share completed, percent (one decimal); 0 with none. */
  completionRate: number;
  /** Deals created in the period (live ones). */
  totalDeals: number;
  previous: { totalRevenue: number; totalCustomers: number; completionRate: number; totalDeals: number };
  /**
   * Change against the previous period: percent for revenue, customers and deals (null when the previous figure
   * is 0), percentage points for the completion rate.
   */
  change: { totalRevenue: number | null; totalCustomers: number | null; completionRate: number; totalDeals: number | null };
  /** Tasks behind the completion rate: completed and counted (not cancelled) in the period. */
  tasksCompleted: number;
  tasksCounted: number;
}

export type DashboardActivityKind = 'customer' | 'deal' | 'task';
/** What last happened to the record. */
export type DashboardActivityAction = 'created' | 'updated' | 'status_changed' | 'assigned' | 'stage_changed' | 'restored' | 'contacted';

/**
 * One Recent Activity entry: the spec's (id, name, status, email, createdAt) and what happened. One entry per
 * record (its latest change), newest first.
 */
export interface DashboardActivity {
  /** The record's id. */
  id: string;
  kind: DashboardActivityKind;
  /** Customer name, deal or task title. */
  name: string;
  /** Customer status, deal stage or task status. */
  status: CustomerStatus | DealStage | TaskStatus;
  /** The customer's e-mail; null for deals and tasks. */
  email: string | null;
  /** When the activity happened (ISO instant; for a creation, the record's creation). */
  createdAt: string;
  action: DashboardActivityAction;
  /** The record's admin URL (`/admin/customers/<id>`, `/admin/pipeline/deals/<id>`, `/admin/tasks/<id>`). */
  href: string;
}

/** The dashboard's analytics (REST `{ success, analytics }`). */
export interface DashboardAnalytics {
  period: DashboardPeriod;
  /** The period [from, to) and the one before it [previousFrom, from), ISO instants. */
  range: { from: string; to: string; previousFrom: string };
  summary: DashboardSummary;
  recentActivity: DashboardActivity[];
  /** Live deals per stage now, every stage in board order; not bound to the period. */
  pipeline: { stage: DealStage; count: number }[];
  trends: {
    /** Won value per calendar month (BUSINESS_TZ) by closedAt, the last DASHBOARD_TREND_MONTHS months, `YYYY-MM`. */
    revenue: { month: string; value: number }[];
  };
  /** Customers created in the period per lead source (`unknown`: none given), every source listed. */
  acquisition: { source: LeadSource | 'unknown'; count: number }[];
  /**
   * Customers created in the period (live ones) by the furthest stage their status history reached, counted at
   * every stage up to it (lead < prospect < customer; a customer only ever inactive counts nowhere): leads ≥
   * prospects ≥ customers.
   */
  funnel: { stage: 'lead' | 'prospect' | 'customer'; count: number }[];
  /** When the figures were computed (ISO instant). */
  generatedAt: string;
}
