/**
 * The Marketing area's summary cards and Analytics tab (issue 16; docs/MARKETING.md "Summary cards",
 * "Analytics"): reads only, computed from the campaigns, forms, submissions, form views and page-view read
 * models. Transport-free; the clock comes from the platform.
 */
import type pg from 'pg';
import type { MarketingAnalytics, MarketingSummary } from '@crm/contracts';
import { marketingAnalytics, marketingSummary } from '@crm/projections';

export interface MarketingAnalyticsService {
  summary(): Promise<MarketingSummary>;
  /** `months`: months of trends counting the current one (marketingAnalyticsInput). */
  report(input: { months: number }): Promise<MarketingAnalytics>;
}

/** `timeZone`: the business time zone, whose calendar months the trends are. */
export function createMarketingAnalyticsService({ pool, now, timeZone }: { pool: pg.Pool; now: () => Date; timeZone: string }): MarketingAnalyticsService {
  return {
    summary: () => marketingSummary(pool),
    report: (input) => marketingAnalytics(pool, { months: input.months, now: now(), timeZone }),
  };
}
