import { trpc } from '../../api/trpc.client.ts';

/** `deals.metrics` with a six-month series. */
export function useDealMetrics() {
  return trpc.deals.metrics.useQuery({ months: 6 });
}
