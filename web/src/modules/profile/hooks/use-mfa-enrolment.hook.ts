import { useCallback, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc, type RouterOutputs } from '../../api/trpc.client.ts';

export type MfaEnrolment = RouterOutputs['mfa']['startEnrolment'];

/** `mfa.startEnrolment` (a new key to scan) then `mfa.confirmEnrolment` (its first code; answers the recovery codes once). */
export function useMfaEnrolment() {
  const utils = trpc.useUtils();
  const start = trpc.mfa.startEnrolment.useMutation();
  const confirm = trpc.mfa.confirmEnrolment.useMutation();
  const [error, setError] = useState<ApiFailure | null>(null);
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);

  const begin = useCallback(async () => {
    setError(null);
    try {
      setEnrolment(await start.mutateAsync());
    } catch (caught) {
      setError(describeApiError(caught));
    }
  }, [start]);

  const finish = useCallback(
    async (code: string): Promise<string[] | null> => {
      setError(null);
      try {
        const { recoveryCodes } = await confirm.mutateAsync({ code: code.trim() });
        setEnrolment(null);
        await utils.mfa.status.invalidate();
        return recoveryCodes;
      } catch (caught) {
        setError(describeApiError(caught));
        return null;
      }
    },
    [confirm, utils],
  );

  const cancel = useCallback(() => {
    setEnrolment(null);
    setError(null);
  }, []);

  return { enrolment, begin, finish, cancel, error, starting: start.isPending, confirming: confirm.isPending };
}
