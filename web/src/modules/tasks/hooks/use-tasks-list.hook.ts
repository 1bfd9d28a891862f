import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';
import type { TaskFilters } from '../utils/task-filters.util.ts';

/** `tasks.list` with the filters (search already debounced) and page; the previous rows stay while new ones load. */
export function useTasksList(filters: TaskFilters, page: number) {
  // Refetched every 60 s too, so the Overdue count follows the clock like the rows' badges.
  return trpc.tasks.list.useQuery({ ...filters, page }, { placeholderData: keepPreviousData, retry: 1, refetchInterval: 60_000 });
}
