import { useCallback, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc, type SessionUser } from '../../api/trpc.client.ts';

/**
 * `profile.update`. The header shows the name from `auth.me`: the returned user replaces it at once and the
 * query is invalidated so it is read again from the server.
 */
export function useUpdateProfile() {
  const utils = trpc.useUtils();
  const mutation = trpc.profile.update.useMutation();
  const [error, setError] = useState<ApiFailure | null>(null);

  const update = useCallback(
    async (input: { name: string; email: string; currentPassword: string | null }): Promise<SessionUser | null> => {
      setError(null);
      try {
        const { user } = await mutation.mutateAsync(input);
        utils.auth.me.setData(undefined, user);
        await utils.auth.me.invalidate();
        return user;
      } catch (caught) {
        setError(describeApiError(caught));
        return null;
      }
    },
    [mutation, utils],
  );

  return { update, error, isPending: mutation.isPending, reset: () => setError(null) };
}
