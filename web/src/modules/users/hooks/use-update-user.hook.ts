import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc, type RouterInputs, type RouterOutputs } from '../../api/trpc.client.ts';

export type UserUpdate = RouterInputs['users']['update'];

interface Options {
  onFailed(failure: ApiFailure): void;
}

/**
 * `users.update` ({userId, action, value}); on success the returned account replaces its cached row and the
 * list reloads (spec 01 §4: "On success of a user update the list is reloaded").
 */
export function useUpdateUser({ onFailed }: Options) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const mutation = trpc.users.update.useMutation();

  const update = useCallback(
    async (change: UserUpdate) => {
      try {
        const { user } = await mutation.mutateAsync(change);
        queryClient.setQueriesData<RouterOutputs['users']['list']>({ queryKey: getQueryKey(trpc.users.list) }, (current) =>
          current ? { ...current, users: current.users.map((row) => (row.id === user.id ? user : row)) } : current,
        );
        await utils.users.list.invalidate();
      } catch (caught) {
        onFailed(describeApiError(caught));
      }
    },
    [mutation, onFailed, queryClient, utils],
  );

  return { update, pendingId: mutation.isPending ? (mutation.variables?.userId ?? null) : null };
}
