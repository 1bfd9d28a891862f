import { useCallback, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.hook.ts';

/**
 * A list tab's filters and page. `search` is the trimmed search text once typing has paused (300 ms), so one
 * request is sent per search. The page belongs to the query it was chosen in: a new query (another filter, or
 * the search once typing paused) starts at page 1. While someone types, the page shown stays as it is: going to
 * page 1 of the previous search at the first keystroke showed (and, at 500 rows a page, rendered) a page of
 * results about to be replaced.
 */
export function usePagedFilters<F extends { search: string }>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const search = useDebouncedValue(filters.search.trim(), 300);
  const query = JSON.stringify({ ...filters, search });
  const [chosen, setChosen] = useState({ page: 1, query });
  const page = chosen.query === query ? chosen.page : 1;
  const setPage = useCallback((next: number) => setChosen({ page: next, query }), [query]);
  return { filters, setFilters, page, setPage, search };
}
