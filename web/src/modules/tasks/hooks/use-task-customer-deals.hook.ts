import { trpc } from '../../api/trpc.client.ts';

/** The chosen customer's deals (from `customers.detail`), for the Create Task dialog's deal select. */
export function useTaskCustomerDeals(customerId: string | null) {
  return trpc.customers.detail.useQuery({ id: customerId ?? '' }, { enabled: customerId !== null, select: (detail) => detail.deals });
}
