import { keepPreviousData } from '@tanstack/react-query';
import type { DashboardPeriod } from '@crm/contracts/dashboard/dashboard.input';
import { trpc } from '../../api/trpc.client.ts';

/** Spec 02 §4: the dashboard refreshes every 30 seconds (in the background: no spinner) and when the period changes. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** `dashboard.analytics` for the period; the previous period's figures stay on screen while another period loads. */
export function useDashboardAnalytics(period: DashboardPeriod) {
  return trpc.dashboard.analytics.useQuery({ period }, { refetchInterval: DASHBOARD_REFRESH_MS, refetchIntervalInBackground: false, placeholderData: keepPreviousData });
}
