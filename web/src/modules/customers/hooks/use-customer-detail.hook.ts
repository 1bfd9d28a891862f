import { trpc } from '../../api/trpc.client.ts';

/** `customers.detail`: everything the detail dialog's five tabs show (not asked while no customer is open). */
export function useCustomerDetail(id: string | null) {
  return trpc.customers.detail.useQuery({ id: id ?? '' }, { enabled: id !== null, retry: false });
}
