import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';
import { useDebouncedValue } from '../../ui/hooks/use-debounced-value.hook.ts';

/** Customers a new task may be about: `customers.list` searched on the server as the person types (those in reach only). */
export function useTaskCustomerOptions(search: string, enabled: boolean) {
  const settled = useDebouncedValue(search.trim(), 250);
  return trpc.customers.list.useQuery({ search: settled, limit: 6, sort: 'name' }, { enabled, placeholderData: keepPreviousData });
}
