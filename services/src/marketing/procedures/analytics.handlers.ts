import type { AuthedRequestContext } from '../../platform/request-context.ts';

/** `marketing.analytics.summary`: the four summary cards (spec 02 §3 "Marketing summary"), computed. */
export const marketingSummaryHandler = ({ ctx }: { ctx: AuthedRequestContext }) => ctx.services.marketingAnalytics.summary();

/** `marketing.analytics.report`: top campaigns by ROI, top forms by conversion, traffic sources and monthly trends. */
export const marketingReportHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: { months: number } }) => ctx.services.marketingAnalytics.report(input);
