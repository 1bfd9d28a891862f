import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

interface Options {
  onSignedOut(): void;
  onFailed(failure: ApiFailure): void;
}

/** `profile.signOutSession` for one of the caller's other sessions; the list is read again either way. */
export function useSignOutSession({ onSignedOut, onFailed }: Options) {
  const utils = trpc.useUtils();
  const mutation = trpc.profile.signOutSession.useMutation();

  const signOut = useCallback(
    async (loginId: string) => {
      try {
        await mutation.mutateAsync({ loginId });
        onSignedOut();
      } catch (caught) {
        onFailed(describeApiError(caught));
      }
      await utils.profile.sessions.invalidate();
    },
    [mutation, onFailed, onSignedOut, utils],
  );

  return { signOut, pendingLoginId: mutation.isPending ? (mutation.variables?.loginId ?? null) : null };
}
