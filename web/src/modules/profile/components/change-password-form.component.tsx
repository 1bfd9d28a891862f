import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import { passwordRefusalText } from '../../auth/utils/password-refusal.util.ts';
import { useChangePassword } from '../hooks/use-change-password.hook.ts';
import { hasErrors, serverFieldErrors, validatePassword, type FieldErrors, type PasswordValues } from '../utils/profile-form.util.ts';
import { FormAlert } from './form-alert.component.tsx';
import { ProfileCard } from './profile-card.component.tsx';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password: current, new (at least 8 characters) and its confirmation. */
export function ChangePasswordForm() {
  const { LL } = useI18nContext();
  const t = LL.profile.password;
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof PasswordValues>>({});
  const [changed, setChanged] = useState(false);
  const { changePassword, error, isPending } = useChangePassword();

  const set = (field: keyof PasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setChanged(false);
  };

  const submit = async () => {
    const found = validatePassword(values, LL);
    setErrors(found);
    if (hasErrors(found)) return;
    if (await changePassword(values)) {
      setValues(EMPTY);
      setChanged(true);
    }
  };

  const fromServer = error?.kind === 'server' ? serverFieldErrors(error.fieldErrors, FIELDS, LL) : {};
  // The password policy's refusal (a raised minimum, a common password) says which it was.
  const policyRefusal = passwordRefusalText(error, 'newPassword', LL);
  if (policyRefusal) fromServer.newPassword = policyRefusal;
  const shown = { ...fromServer, ...errors };
  const failure = error && !hasErrors(fromServer) ? ((error.kind === 'server' ? serverMessage(error, LL) : null) ?? t.failed()) : null;

  const field = (name: keyof PasswordValues, label: string, autoComplete: string, helper?: string) => (
    <Field.Root invalid={!!shown[name]} required>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        type="password"
        autoComplete={autoComplete}
        dir="ltr"
        value={values[name]}
        onChange={(e) => set(name, e.currentTarget.value)}
        data-testid={`password-${name}`}
      />
      {shown[name] ? <Field.ErrorText>{shown[name]}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );

  return (
    <ProfileCard title={t.title()} description={t.description()} testId="profile-password">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isPending) void submit();
        }}
      >
        <Stack gap={4}>
          {field('currentPassword', t.current(), 'current-password')}
          {field('newPassword', t.new(), 'new-password', t.hint())}
          {field('confirmPassword', t.confirm(), 'new-password')}
          <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={isPending} loadingText={t.submitting()} data-testid="password-save">
            {t.submit()}
          </Button>
          {failure ? <FormAlert status="error" message={failure} testId="password-error" /> : null}
          {changed ? <FormAlert status="success" message={t.success()} testId="password-success" /> : null}
        </Stack>
      </form>
    </ProfileCard>
  );
}
