import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import { useLogin } from '../hooks/use-login.hook.ts';
import { AuthPage } from './auth-page.component.tsx';
import { MfaLoginStep } from './mfa-login-step.component.tsx';

/** `/admin` when logged out (spec 01 §2 Admin login, §8). */
export function LoginForm() {
  const { LL } = useI18nContext();
  const { login, error, isPending, mfaStep, restart } = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const canSubmit = email.trim() !== '' && password !== '' && !isPending;

  // The password was right and the account has two-step verification: its second step.
  if (mfaStep) {
    return (
      <MfaLoginStep
        step={mfaStep}
        onBack={() => {
          setPassword('');
          restart();
        }}
      />
    );
  }

  return (
    <AuthPage title={LL.login.title()} subtitle={LL.login.subtitle()}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) void login(email, password);
        }}
      >
        <Stack gap={4}>
          {error ? (
            <Alert.Root status="error" data-testid="login-error">
              <Alert.Indicator />
              <Alert.Description>
                {error.kind === 'network'
                  ? LL.login.network()
                  : error.domainCode === 'login_throttled' && error.retryAfterSeconds
                    ? LL.security.loginForm.throttled({ seconds: error.retryAfterSeconds })
                    : (serverMessage(error, LL) ?? LL.login.failed())}
              </Alert.Description>
            </Alert.Root>
          ) : null}
          <Field.Root>
            <Field.Label>{LL.login.email()}</Field.Label>
            <Input
              name="email"
              type="email"
              autoComplete="username"
              dir="ltr"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{LL.login.password()}</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              dir="ltr"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={isPending} loadingText={LL.login.submitting()}>
            {LL.login.submit()}
          </Button>
        </Stack>
      </form>
      <Stack gap={2} align="center" fontSize="sm">
        <Link asChild colorPalette="blue" color="colorPalette.600">
          <RouterLink href="/admin/forgot-password">{LL.login.forgotPassword()}</RouterLink>
        </Link>
        <Text color="fg.muted">
          {LL.login.noAccount()}{' '}
          <Link asChild colorPalette="blue" color="colorPalette.600" fontWeight="medium">
            <RouterLink href="/register">{LL.login.register()}</RouterLink>
          </Link>
        </Text>
      </Stack>
    </AuthPage>
  );
}
