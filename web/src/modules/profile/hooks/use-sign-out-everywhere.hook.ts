import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/**
 * `profile.signOutEverywhere`: every session ends, this one included. Afterwards the browser is logged out
 * exactly as after Logout: `auth.me` becomes null (the login shows) and every other cached datum is dropped.
 */
export function useSignOutEverywhere(options: { onError(failure: ApiFailure): void }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const mutation = trpc.profile.signOutEverywhere.useMutation();
  const { onError } = options;

  const signOutEverywhere = useCallback(async () => {
    try {
      await mutation.mutateAsync();
    } catch (caught) {
      onError(describeApiError(caught));
      return;
    }
    utils.auth.me.setData(undefined, null);
    const meKey = JSON.stringify(getQueryKey(trpc.auth.me)[0]);
    queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== meKey });
  }, [mutation, onError, queryClient, utils]);

  return { signOutEverywhere, isPending: mutation.isPending };
}
