import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { filtersFromSearch, filtersToSearch, NO_FILTERS, type BlogFilters } from '../utils/blog-filters.util.ts';

/** The blog's filters, kept in the address bar (`?q=&category=&tag=`) so they survive a reload and Back. */
export function useBlogFilters(): { filters: BlogFilters; setFilters(patch: Partial<BlogFilters>): void; clear(): void } {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const go = useCallback(
    (next: BlogFilters) => {
      const query = filtersToSearch(next);
      navigate(query ? `/blog?${query}` : '/blog', { replace: true });
    },
    [navigate],
  );
  const setFilters = useCallback((patch: Partial<BlogFilters>) => go({ ...filters, ...patch }), [filters, go]);
  const clear = useCallback(() => go(NO_FILTERS), [go]);
  return { filters, setFilters, clear };
}
