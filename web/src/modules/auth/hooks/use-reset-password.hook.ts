import { useCallback, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `auth.resetPassword`: consumes the token; the server ends every session of the account. */
export function useResetPassword() {
  const utils = trpc.useUtils();
  const mutation = trpc.auth.resetPassword.useMutation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  const reset = useCallback(
    async (token: string, newPassword: string) => {
      setError(null);
      try {
        await mutation.mutateAsync({ token, newPassword });
        setDone(true);
        // A session this browser had has just been ended by the server.
        await utils.auth.me.invalidate();
      } catch (caught) {
        setError(describeApiError(caught));
      }
    },
    [mutation, utils],
  );

  return { reset, done, error, isPending: mutation.isPending };
}
