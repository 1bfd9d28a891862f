import { useCallback, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `auth.login`: on success the server sets the session cookie and the returned user becomes `auth.me`. */
export function useLogin() {
  const utils = trpc.useUtils();
  const mutation = trpc.auth.login.useMutation();
  const [error, setError] = useState<ApiFailure | null>(null);

  const login = useCallback(
    async (email: string, password: string) => {
      setError(null);
      try {
        const { user } = await mutation.mutateAsync({ email: email.trim(), password });
        utils.auth.me.setData(undefined, user);
        // Anything cached for a previous session is not this user's.
        await utils.bookings.invalidate();
      } catch (caught) {
        setError(describeApiError(caught));
      }
    },
    [mutation, utils],
  );

  return { login, error, isPending: mutation.isPending };
}
