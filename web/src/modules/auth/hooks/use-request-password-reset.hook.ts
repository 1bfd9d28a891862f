import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/**
 * `auth.requestPasswordReset`: the answer is the same whether or not the address has an account, so the
 * success view only says "if an account exists". The mail is written in the site's language.
 */
export function useRequestPasswordReset() {
  const mutation = trpc.auth.requestPasswordReset.useMutation();
  const { locale } = useI18nContext();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);

  const request = useCallback(
    async (email: string) => {
      setError(null);
      try {
        await mutation.mutateAsync({ email: email.trim(), locale });
        setSentTo(email.trim());
      } catch (caught) {
        setError(describeApiError(caught));
      }
    },
    [mutation, locale],
  );

  const again = useCallback(() => {
    setSentTo(null);
    setError(null);
  }, []);

  return { request, again, sentTo, error, isPending: mutation.isPending };
}
