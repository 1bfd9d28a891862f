import type { ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import { useEndSession } from '../../ui/hooks/use-end-session.hook.ts';

/** `auth.logout`: the server ends the session; then every cached admin datum is dropped and the login shows. */
export function useLogout(options: { onError(failure: ApiFailure): void }) {
  const mutation = trpc.auth.logout.useMutation();
  const logout = useEndSession(mutation.mutateAsync, options.onError);
  return { logout, isPending: mutation.isPending };
}
