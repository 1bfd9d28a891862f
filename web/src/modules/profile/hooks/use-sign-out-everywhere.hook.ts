import type { ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import { useEndSession } from '../../ui/hooks/use-end-session.hook.ts';

/**
 * `profile.signOutEverywhere`: every session ends, this one included. Afterwards the browser is logged out
 * exactly as after Logout: `auth.me` becomes null (the login shows) and every other cached datum is dropped.
 */
export function useSignOutEverywhere(options: { onError(failure: ApiFailure): void }) {
  const mutation = trpc.profile.signOutEverywhere.useMutation();
  const signOutEverywhere = useEndSession(mutation.mutateAsync, options.onError);
  return { signOutEverywhere, isPending: mutation.isPending };
}
