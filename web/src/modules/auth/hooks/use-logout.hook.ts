import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `auth.logout`: the server ends the session; then every cached admin datum is dropped and the login shows. */
export function useLogout(options: { onError(failure: ApiFailure): void }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const mutation = trpc.auth.logout.useMutation();
  const { onError } = options;

  const logout = useCallback(async () => {
    try {
      await mutation.mutateAsync();
    } catch (caught) {
      onError(describeApiError(caught));
      return;
    }
    // Logged out first (the login screen replaces the admin area), then every other cached datum is dropped.
    utils.auth.me.setData(undefined, null);
    const meKey = JSON.stringify(getQueryKey(trpc.auth.me)[0]);
    queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== meKey });
  }, [mutation, onError, queryClient, utils]);

  return { logout, isPending: mutation.isPending };
}
