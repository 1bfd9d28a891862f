import { trpc } from '../../api/trpc.client.ts';

/** `deals.listDeleted`: the deleted deals, most recently deleted first (admins; not asked otherwise). */
export function useDeletedDeals(enabled: boolean) {
  return trpc.deals.listDeleted.useQuery(undefined, { enabled, retry: false });
}
