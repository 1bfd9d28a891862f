import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';
import { CUSTOMERS_PAGE_SIZE, type CustomerFilters } from '../utils/customer-filters.util.ts';

/** One page of `customers.list`, filtered on the server; the previous rows stay while new ones load. */
export function useCustomersList(filters: CustomerFilters, page: number, deleted: boolean) {
  return trpc.customers.list.useQuery(
    { search: filters.search, status: filters.status, leadSource: filters.leadSource, sort: filters.sort, page, limit: CUSTOMERS_PAGE_SIZE, deleted },
    { placeholderData: keepPreviousData, retry: false },
  );
}
