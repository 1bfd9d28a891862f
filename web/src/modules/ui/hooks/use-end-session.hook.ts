import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/**
 * Ends this browser's session through `end` (Logout, Sign out everywhere). When the server has done so,
 * `auth.me` becomes null first (the login screen replaces the admin area), then every other cached datum is
 * dropped; when it refuses or cannot be reached, `onError` hears why and nothing is cleared.
 */
export function useEndSession(end: () => Promise<unknown>, onError: (failure: ApiFailure) => void): () => Promise<void> {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await end();
    } catch (caught) {
      onError(describeApiError(caught));
      return;
    }
    utils.auth.me.setData(undefined, null);
    const meKey = JSON.stringify(getQueryKey(trpc.auth.me)[0]);
    queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== meKey });
  }, [end, onError, queryClient, utils]);
}
