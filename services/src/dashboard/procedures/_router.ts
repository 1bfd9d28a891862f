import { dashboardInput } from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import { analyticsHandler } from './analytics.handler.ts';

/** The dashboard (issue 13). Record-level scope in the service (a user: their own records). */
export const dashboardRouter = router({
  /** KPIs with the previous period's, pipeline, revenue trend, acquisition, funnel and Recent Activity for `period` days. */
  analytics: procedure('crm:own').input(dashboardInput).query(analyticsHandler),
});
