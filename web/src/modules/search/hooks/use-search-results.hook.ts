import { keepPreviousData } from '@tanstack/react-query';
import { SEARCH_QUERY_MAX } from '@crm/contracts/search/search.input';
import { trpc } from '../../api/trpc.client.ts';
import { useDebouncedValue } from '../../ui/hooks/use-debounced-value.hook.ts';

/** Debounce of the palette's server search: one request once typing pauses. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * The command palette's records (`search.query`) for `text` as the person types: debounced, nothing asked for
 * an empty text, the previous results kept on screen while the next ones load. `term` is the text the shown
 * results belong to; `settling` is true while the typed text and the results disagree.
 */
export function useSearchResults(text: string) {
  const typed = text.trim().slice(0, SEARCH_QUERY_MAX);
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const query = trpc.search.query.useQuery({ q: term }, { enabled: term.length > 0, placeholderData: keepPreviousData, staleTime: 15_000 });
  return { query, term, settling: typed !== term || query.isFetching };
}
