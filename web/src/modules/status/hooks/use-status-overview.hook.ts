import { trpc } from '../../api/trpc.client.ts';

/** How often the page asks again (the recorder samples every minute by default). */
export const STATUS_REFRESH_MS = 60_000;

/** The status page's data, refreshed every minute while the page is open. */
export function useStatusOverview() {
  return trpc.status.overview.useQuery(undefined, { refetchInterval: STATUS_REFRESH_MS, staleTime: 0 });
}
