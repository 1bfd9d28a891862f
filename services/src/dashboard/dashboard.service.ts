/**
 * The dashboard (issue 13; spec 02 "Enhanced Dashboard"): KPIs, charts and Recent Activity over the CRM read
 * models for a period. Transport-free: the caller's reach comes in as a CrmActor (`own`: the records assigned to
 * them; `all`: everyone's); the clock and the business time zone come from the platform.
 */
import type pg from 'pg';
import type { CrmActor, DashboardAnalytics, DashboardInput } from '@crm/contracts';
import { dashboardAnalytics } from '@crm/projections';

export interface DashboardServiceDeps {
  pool: pg.Pool;
  now: () => Date;
  /** BUSINESS_TZ: the revenue trend's calendar months. */
  timeZone: string;
}

export interface DashboardService {
  analytics(actor: CrmActor, input: DashboardInput): Promise<DashboardAnalytics>;
}

export function createDashboardService({ pool, now, timeZone }: DashboardServiceDeps): DashboardService {
  return {
    analytics(actor, input) {
      return dashboardAnalytics(pool, { period: input.period, ownerId: actor.scope === 'all' ? null : actor.userId, now: now(), timeZone });
    },
  };
}
