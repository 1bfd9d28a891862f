import { useQuery } from '@tanstack/react-query';
import { fetchPublicForm, PublicFormError } from '../utils/public-form.util.ts';

/**
 * The form behind `/f/<slug>` (`GET /api/forms/<slug>`), loaded once per page load: its token records when it
 * was served (the server's minimum fill time counts from it), so it is never refetched in the background.
 */
export function usePublicForm(slug: string) {
  return useQuery({
    queryKey: ['public-form', slug],
    queryFn: () => fetchPublicForm(slug),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (count, error) => count < 2 && error instanceof PublicFormError && error.failure.kind === 'network',
  });
}
