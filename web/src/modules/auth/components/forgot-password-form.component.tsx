import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { useRequestPasswordReset } from '../hooks/use-request-password-reset.hook.ts';
import { AuthPage } from './auth-page.component.tsx';
import { FormAlert } from './form-alert.component.tsx';

function failureText(error: ApiFailure, LL: TranslationFunctions): string {
  if (error.kind === 'network') return LL.forgotPassword.network();
  if (error.fieldErrors.email) return LL.forgotPassword.invalidEmail();
  return serverMessage(error, LL) ?? LL.forgotPassword.failed();
}

/** `/admin/forgot-password` (spec 01 §2, §5, §8). */
export function ForgotPasswordForm() {
  const { LL } = useI18nContext();
  const { request, again, sentTo, error, isPending } = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const canSubmit = email.trim() !== '' && !isPending;

  if (sentTo) {
    return (
      <AuthPage title={LL.forgotPassword.successTitle()}>
        <Stack gap={3} role="status" data-testid="forgot-password-sent">
          <Text>{LL.forgotPassword.successText({ email: sentTo })}</Text>
          <Text color="fg.muted">{LL.forgotPassword.expires()}</Text>
        </Stack>
        <Stack gap={3}>
          <Button
            variant="outline"
            onClick={() => {
              setEmail('');
              again();
            }}
          >
            {LL.forgotPassword.tryAnother()}
          </Button>
          <Button asChild colorPalette="blue">
            <RouterLink href="/admin">{LL.forgotPassword.backToLogin()}</RouterLink>
          </Button>
        </Stack>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={LL.forgotPassword.title()} subtitle={LL.forgotPassword.subtitle()}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) void request(email);
        }}
      >
        <Stack gap={4}>
          {error ? <FormAlert status="error" testId="forgot-password-error">{failureText(error, LL)}</FormAlert> : null}
          <Field.Root required>
            <Field.Label>{LL.forgotPassword.email()}</Field.Label>
            <Input name="email" type="email" autoComplete="email" dir="ltr" maxLength={254} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          </Field.Root>
          <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={isPending} loadingText={LL.forgotPassword.submitting()}>
            {LL.forgotPassword.submit()}
          </Button>
        </Stack>
      </form>
      <Link asChild alignSelf="center" fontSize="sm" colorPalette="blue" color="colorPalette.600">
        <RouterLink href="/admin">{LL.forgotPassword.backToLogin()}</RouterLink>
      </Link>
    </AuthPage>
  );
}
