import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { AuthPage } from '../../auth/components/auth-page.component.tsx';
import { FormAlert } from '../../auth/components/form-alert.component.tsx';
import { PasswordStrengthMeter } from '../../auth/components/password-strength-meter.component.tsx';
import { passwordRefusalText } from '../../auth/utils/password-refusal.util.ts';
import { PASSWORD_MIN_LENGTH } from '../../auth/utils/password-strength.util.ts';
import { PageLoader } from '../../ui/components/page-loader.component.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { useAcceptInvitation } from '../hooks/use-accept-invitation.hook.ts';
import { useValidateInvitation } from '../hooks/use-validate-invitation.hook.ts';

/** `/invite?token=`: shows whom the invitation is for, asks for a name and a password, then sends to login. */
export function AcceptInvitationForm({ token }: { token: string | null }) {
  const { LL, locale } = useI18nContext();
  const t = LL.users.accept;
  const validation = useValidateInvitation(token);
  const accept = useAcceptInvitation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  if (accept.isSuccess) {
    return (
      <AuthPage title={t.successTitle()}>
        <Text role="status" data-testid="invite-accepted">
          {t.successText({ email: accept.data.email })}
        </Text>
        <Button asChild colorPalette="blue">
          <RouterLink href="/admin">{t.goToLogin()}</RouterLink>
        </Button>
      </AuthPage>
    );
  }
  const invalid = (text: string) => (
    <AuthPage title={t.invalidTitle()}>
      <FormAlert status="error" testId="invite-invalid">
        {text}
      </FormAlert>
      <Button asChild variant="outline">
        <RouterLink href="/admin">{t.goToLogin()}</RouterLink>
      </Button>
    </AuthPage>
  );
  if (!token) return invalid(t.noToken());
  if (validation.isPending) return <PageLoader label={t.validating()} />;
  if (validation.isError) {
    if (describeApiError(validation.error).kind !== 'network') return invalid(t.invalid());
    return (
      <AuthPage title={t.title()}>
        <FormAlert status="error">{t.network()}</FormAlert>
        <Button onClick={() => void validation.refetch()}>{t.retry()}</Button>
      </AuthPage>
    );
  }

  const { email, userType } = validation.data;
  // The role and the address are set apart (bold; the address isolated in its own direction) inside the sentence.
  const [before = '', rest = ''] = t.subtitle({ role: '\u0000', email: '\u0001' }).split('\u0000');
  const [middle, after] = rest.split('\u0001');
  const mismatch = confirm !== '' && password !== confirm;
  const canSubmit = name.trim() !== '' && password !== '' && password === confirm && !accept.isPending;

  const submit = async () => {
    setMessage(null);
    if (password.length < PASSWORD_MIN_LENGTH) return setMessage(t.tooShort());
    try {
      await accept.mutateAsync({ token, name: name.trim(), password, locale });
    } catch (caught) {
      const failure = describeApiError(caught);
      if (failure.kind === 'network') setMessage(t.network());
      else if (failure.fieldErrors.password) setMessage(passwordRefusalText(failure, 'password', LL) ?? t.tooShort());
      else if (failure.code === 'BAD_REQUEST') setMessage(t.invalid());
      else setMessage(t.failed());
    }
  };

  return (
    <AuthPage title={t.title()}>
      <Text color="fg.muted" data-testid="invite-subtitle">
        {before}
        <strong>{LL.admin.roles[userType]()}</strong>
        {middle}
        <strong>
          <DataText>{email}</DataText>
        </strong>
        {after}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) void submit();
        }}
      >
        <Stack gap={4}>
          {message ? (
            <FormAlert status="error" testId="invite-error">
              {message}
            </FormAlert>
          ) : null}
          <Field.Root required>
            <Field.Label>{t.name()}</Field.Label>
            <Input name="name" autoComplete="name" maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t.password()}</Field.Label>
            <Input name="password" type="password" autoComplete="new-password" dir="ltr" maxLength={256} value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          </Field.Root>
          {password ? <PasswordStrengthMeter password={password} /> : null}
          <Field.Root required invalid={mismatch}>
            <Field.Label>{t.confirmPassword()}</Field.Label>
            <Input name="confirmPassword" type="password" autoComplete="new-password" dir="ltr" maxLength={256} value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
            {mismatch ? <Field.ErrorText>{t.mismatch()}</Field.ErrorText> : null}
          </Field.Root>
          <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={accept.isPending} loadingText={t.submitting()} data-testid="invite-submit">
            {t.submit()}
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}
