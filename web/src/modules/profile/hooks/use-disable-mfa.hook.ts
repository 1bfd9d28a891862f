import { useCallback, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `mfa.disable`: the password and a code turn two-step verification off. */
export function useDisableMfa() {
  const utils = trpc.useUtils();
  const mutation = trpc.mfa.disable.useMutation();
  const [error, setError] = useState<ApiFailure | null>(null);

  const disable = useCallback(
    async (input: { password: string; code: string }): Promise<boolean> => {
      setError(null);
      try {
        await mutation.mutateAsync({ password: input.password, code: input.code.trim() });
        await utils.mfa.status.invalidate();
        return true;
      } catch (caught) {
        setError(describeApiError(caught));
        return false;
      }
    },
    [mutation, utils],
  );

  return { disable, error, isPending: mutation.isPending, reset: () => setError(null) };
}
