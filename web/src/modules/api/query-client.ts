import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { isUnauthorized } from './api-error.util.ts';
import { trpc } from './trpc.client.ts';

/**
 * Data-fetch defaults (spec 01 §7): no retry, no refetch on window focus, data never stale unless invalidated.
 * A call refused with UNAUTHORIZED (session expired or ended elsewhere) re-asks `auth.me`, which brings the
 * login screen back.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) void client.invalidateQueries({ queryKey: getQueryKey(trpc.auth.me) });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  return client;
}
