import { trpc } from '../../api/trpc.client.ts';

/** `deals.detail`: one deal, the same shape as a board card (not asked while no deal is open). */
export function useDealDetail(id: string | null) {
  return trpc.deals.detail.useQuery({ id: id ?? '' }, { enabled: id !== null, retry: false });
}
