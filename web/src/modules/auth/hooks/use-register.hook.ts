import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc, type RouterOutputs } from '../../api/trpc.client.ts';
import type { RegisterFormValues } from '../utils/register-form.util.ts';

export type Registration = RouterOutputs['auth']['register'];

/** `auth.register`: the site's language goes with it (the confirmation mail is written in it). */
export function useRegister() {
  const mutation = trpc.auth.register.useMutation();
  const { locale } = useI18nContext();
  const [result, setResult] = useState<Registration | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);

  const register = useCallback(
    async (values: RegisterFormValues) => {
      setError(null);
      try {
        // userType is not sent: the server makes every self-registered account a `user`.
        setResult(await mutation.mutateAsync({ name: values.name.trim(), email: values.email.trim(), password: values.password, locale }));
      } catch (caught) {
        setError(describeApiError(caught));
      }
    },
    [mutation, locale],
  );

  return { register, result, error, isPending: mutation.isPending };
}
