import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';
import { useDebouncedValue } from '../../ui/hooks/use-debounced-value.hook.ts';

/** Customers for the Add Deal picker: `customers.list` searched on the server as the person types. */
export function useCustomerOptions(search: string, enabled: boolean) {
  const settled = useDebouncedValue(search.trim(), 250);
  return trpc.customers.list.useQuery({ search: settled, limit: 8, sort: 'name' }, { enabled, placeholderData: keepPreviousData });
}
