import { useCallback, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `profile.changePassword`; the server ends the other sessions, so the sessions list is read again. */
export function useChangePassword() {
  const utils = trpc.useUtils();
  const mutation = trpc.profile.changePassword.useMutation();
  const [error, setError] = useState<ApiFailure | null>(null);

  const changePassword = useCallback(
    async (input: { currentPassword: string; newPassword: string; confirmPassword: string }): Promise<boolean> => {
      setError(null);
      try {
        await mutation.mutateAsync(input);
        await utils.profile.sessions.invalidate();
        return true;
      } catch (caught) {
        setError(describeApiError(caught));
        return false;
      }
    },
    [mutation, utils],
  );

  return { changePassword, error, isPending: mutation.isPending };
}
