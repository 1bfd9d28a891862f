import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import { useEndLocalSession } from '../../ui/hooks/use-end-local-session.hook.ts';

/** `auth.logout`: the server ends the session; then every cached admin datum is dropped and the login shows. */
export function useLogout(options: { onError(failure: ApiFailure): void }) {
  const endLocalSession = useEndLocalSession();
  const mutation = trpc.auth.logout.useMutation();
  const { onError } = options;

  const logout = useCallback(async () => {
    try {
      await mutation.mutateAsync();
    } catch (caught) {
      onError(describeApiError(caught));
      return;
    }
    endLocalSession();
  }, [mutation, onError, endLocalSession]);

  return { logout, isPending: mutation.isPending };
}
