import { useCallback, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `mfa.regenerateRecoveryCodes`: a current code gives a new set of ten (answered once; the old set stops working). */
export function useRegenerateRecoveryCodes() {
  const utils = trpc.useUtils();
  const mutation = trpc.mfa.regenerateRecoveryCodes.useMutation();
  const [error, setError] = useState<ApiFailure | null>(null);

  const regenerate = useCallback(
    async (code: string): Promise<string[] | null> => {
      setError(null);
      try {
        const { recoveryCodes } = await mutation.mutateAsync({ code: code.trim() });
        await utils.mfa.status.invalidate();
        return recoveryCodes;
      } catch (caught) {
        setError(describeApiError(caught));
        return null;
      }
    },
    [mutation, utils],
  );

  return { regenerate, error, isPending: mutation.isPending, reset: () => setError(null) };
}
