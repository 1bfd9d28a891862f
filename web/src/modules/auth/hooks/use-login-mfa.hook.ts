import { useCallback, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc, type SessionUser } from '../../api/trpc.client.ts';

/**
 * `auth.loginMfa`: the challenge and a TOTP or recovery code open the session. After an enrolment required by
 * policy the answer carries the recovery codes: they are shown first, and the user enters the workspace after.
 */
export function useLoginMfa() {
  const utils = trpc.useUtils();
  const mutation = trpc.auth.loginMfa.useMutation();
  const [error, setError] = useState<ApiFailure | null>(null);
  const [pending, setPending] = useState<{ user: SessionUser; recoveryCodes: string[] } | null>(null);

  const enter = useCallback(
    async (user: SessionUser) => {
      utils.auth.me.setData(undefined, user);
      await utils.bookings.invalidate();
    },
    [utils],
  );

  const verify = useCallback(
    async (challenge: string, code: string) => {
      setError(null);
      try {
        const { user, recoveryCodes } = await mutation.mutateAsync({ challenge, code: code.trim() });
        if (recoveryCodes) setPending({ user, recoveryCodes });
        else await enter(user);
      } catch (caught) {
        setError(describeApiError(caught));
      }
    },
    [mutation, enter],
  );

  /** After the recovery codes were shown: into the workspace. */
  const proceed = useCallback(async () => {
    if (pending) await enter(pending.user);
  }, [pending, enter]);

  return { verify, error, isPending: mutation.isPending, recoveryCodes: pending?.recoveryCodes ?? null, proceed };
}
