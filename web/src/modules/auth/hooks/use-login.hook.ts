import { useCallback, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc, type RouterOutputs } from '../../api/trpc.client.ts';

/** The login's second step, when the account has two-step verification (or must set it up). */
export type MfaStep = NonNullable<RouterOutputs['auth']['login']['mfa']>;

/**
 * `auth.login`: on success the server sets the session cookie and the returned user becomes `auth.me`. With
 * two-step verification there is no session yet: the answer's challenge is kept for `auth.loginMfa`.
 */
export function useLogin() {
  const utils = trpc.useUtils();
  const mutation = trpc.auth.login.useMutation();
  const [error, setError] = useState<ApiFailure | null>(null);
  const [mfaStep, setMfaStep] = useState<MfaStep | null>(null);

  const login = useCallback(
    async (email: string, password: string) => {
      setError(null);
      try {
        const { user, mfa } = await mutation.mutateAsync({ email: email.trim(), password });
        if (mfa) {
          setMfaStep(mfa);
          return;
        }
        utils.auth.me.setData(undefined, user);
        // Anything cached for a previous session is not this user's.
        await utils.bookings.invalidate();
      } catch (caught) {
        setError(describeApiError(caught));
      }
    },
    [mutation, utils],
  );

  const restart = useCallback(() => {
    setMfaStep(null);
    setError(null);
  }, []);

  return { login, error, isPending: mutation.isPending, mfaStep, restart };
}
