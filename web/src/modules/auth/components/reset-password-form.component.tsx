import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { PageLoader } from '../../ui/components/page-loader.component.tsx';
import { useResetPassword } from '../hooks/use-reset-password.hook.ts';
import { useValidateResetToken } from '../hooks/use-validate-reset-token.hook.ts';
import { passwordRefusalText } from '../utils/password-refusal.util.ts';
import { PASSWORD_MIN_LENGTH } from '../utils/password-strength.util.ts';
import { AuthPage } from './auth-page.component.tsx';
import { FormAlert } from './form-alert.component.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.component.tsx';

/** Words for a failed reset; a refused token (no field errors) is the spec's 'Invalid or expired reset token'. */
function failureText(error: ApiFailure, LL: TranslationFunctions): string {
  if (error.kind === 'network') return LL.resetPassword.network();
  if (error.fieldErrors.newPassword) return passwordRefusalText(error, 'newPassword', LL) ?? LL.resetPassword.tooShort();
  if (error.code === 'BAD_REQUEST') return LL.resetPassword.invalidToken();
  return serverMessage(error, LL) ?? LL.resetPassword.failed();
}

function InvalidLink({ message }: { message: string }) {
  const { LL } = useI18nContext();
  return (
    <AuthPage title={LL.resetPassword.invalidTitle()}>
      <FormAlert status="error" testId="reset-invalid">
        {message}
      </FormAlert>
      <Stack gap={3}>
        <Button asChild colorPalette="blue">
          <RouterLink href="/admin/forgot-password">{LL.resetPassword.requestNew()}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink href="/admin">{LL.resetPassword.backToLogin()}</RouterLink>
        </Button>
      </Stack>
    </AuthPage>
  );
}

/** `/admin/reset-password?token=` (spec 01 §2, §4, §5, §8): validate, then choose a new password. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { LL } = useI18nContext();
  const validation = useValidateResetToken(token);
  const { reset, done, error, isPending } = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tooShort, setTooShort] = useState(false);

  if (done) {
    return (
      <AuthPage title={LL.resetPassword.successTitle()}>
        <Text role="status" data-testid="reset-success">
          {LL.resetPassword.successText()}
        </Text>
        <Button asChild colorPalette="blue">
          <RouterLink href="/admin">{LL.resetPassword.goToLogin()}</RouterLink>
        </Button>
      </AuthPage>
    );
  }
  if (validation.status === 'missing') return <InvalidLink message={LL.resetPassword.noToken()} />;
  if (validation.status === 'validating') return <PageLoader label={LL.resetPassword.validating()} />;
  if (validation.status === 'invalid') return <InvalidLink message={LL.resetPassword.invalidToken()} />;
  if (validation.status === 'failed') {
    return (
      <AuthPage title={LL.resetPassword.title()}>
        <FormAlert status="error" testId="reset-validate-failed">
          {LL.resetPassword.validateFailed()}
        </FormAlert>
        <Button onClick={validation.retry}>{LL.common.retry()}</Button>
      </AuthPage>
    );
  }

  const mismatch = confirm !== '' && password !== confirm;
  const canSubmit = password !== '' && confirm !== '' && password === confirm && !isPending;
  const message = tooShort ? LL.resetPassword.tooShort() : error ? failureText(error, LL) : null;

  return (
    <AuthPage title={LL.resetPassword.title()} subtitle={LL.resetPassword.subtitle({ email: validation.email })}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSubmit || !token) return;
          const short = password.length < PASSWORD_MIN_LENGTH;
          setTooShort(short);
          if (!short) void reset(token, password);
        }}
      >
        <Stack gap={4}>
          {message ? (
            <FormAlert status="error" testId="reset-error">
              {message}
            </FormAlert>
          ) : null}
          <Field.Root required>
            <Field.Label>{LL.resetPassword.newPassword()}</Field.Label>
            <Input
              name="newPassword"
              type="password"
              autoComplete="new-password"
              dir="ltr"
              maxLength={256}
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setTooShort(false);
              }}
            />
          </Field.Root>
          {password ? <PasswordStrengthMeter password={password} /> : null}
          <Field.Root required invalid={mismatch}>
            <Field.Label>{LL.resetPassword.confirmPassword()}</Field.Label>
            <Input
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              dir="ltr"
              maxLength={256}
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            {mismatch ? <Field.ErrorText>{LL.resetPassword.mismatch()}</Field.ErrorText> : null}
          </Field.Root>
          <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={isPending} loadingText={LL.resetPassword.submitting()}>
            {LL.resetPassword.submit()}
          </Button>
        </Stack>
      </form>
      <Link asChild alignSelf="center" fontSize="sm" colorPalette="blue" color="colorPalette.600">
        <RouterLink href="/admin">{LL.resetPassword.backToLogin()}</RouterLink>
      </Link>
    </AuthPage>
  );
}
