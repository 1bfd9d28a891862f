import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { trpc } from '../../api/trpc.client.ts';

/**
 * What the browser does once the server has ended its session (Logout, Sign out everywhere): `auth.me`
 * becomes null first (the login screen replaces the admin area), then every other cached datum is dropped.
 */
export function useEndLocalSession(): () => void {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return useCallback(() => {
    utils.auth.me.setData(undefined, null);
    const meKey = JSON.stringify(getQueryKey(trpc.auth.me)[0]);
    queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== meKey });
  }, [queryClient, utils]);
}
