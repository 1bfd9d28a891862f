import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import { useEndLocalSession } from '../../ui/hooks/use-end-local-session.hook.ts';

/**
 * `profile.signOutEverywhere`: every session ends, this one included. Afterwards the browser is logged out
 * exactly as after Logout: `auth.me` becomes null (the login shows) and every other cached datum is dropped.
 */
export function useSignOutEverywhere(options: { onError(failure: ApiFailure): void }) {
  const endLocalSession = useEndLocalSession();
  const mutation = trpc.profile.signOutEverywhere.useMutation();
  const { onError } = options;

  const signOutEverywhere = useCallback(async () => {
    try {
      await mutation.mutateAsync();
    } catch (caught) {
      onError(describeApiError(caught));
      return;
    }
    endLocalSession();
  }, [mutation, onError, endLocalSession]);

  return { signOutEverywhere, isPending: mutation.isPending };
}
