import { useCallback, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.hook.ts';

/**
 * A list tab's filters and page: changing a filter goes back to page 1; `search` is the trimmed search text
 * once typing has paused (300 ms), so one request is sent per search.
 */
export function usePagedFilters<F extends { search: string }>(initial: F) {
  const [filters, setFiltersState] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const setFilters = useCallback((next: F) => {
    setFiltersState(next);
    setPage(1);
  }, []);
  const search = useDebouncedValue(filters.search.trim(), 300);
  return { filters, setFilters, page, setPage, search };
}
