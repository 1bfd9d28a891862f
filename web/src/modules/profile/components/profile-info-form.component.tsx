import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import type { SessionUser } from '../../api/trpc.client.ts';
import { useUpdateProfile } from '../hooks/use-update-profile.hook.ts';
import {
  emailChanged,
  hasErrors,
  serverFieldErrors,
  validateProfileInfo,
  type FieldErrors,
  type ProfileInfoValues,
} from '../utils/profile-form.util.ts';
import { FormAlert } from './form-alert.component.tsx';
import { ProfileCard } from './profile-card.component.tsx';

const FIELDS = ['name', 'email', 'currentPassword'] as const;

/** Profile Information: name and e-mail; the current password is asked for once the e-mail differs. */
export function ProfileInfoForm({ user }: { user: SessionUser }) {
  const { LL } = useI18nContext();
  const t = LL.profile.info;
  const [values, setValues] = useState<ProfileInfoValues>({ name: user.name, email: user.email, currentPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof ProfileInfoValues>>({});
  const [saved, setSaved] = useState(false);
  const { update, error, isPending } = useUpdateProfile();
  const changingEmail = emailChanged(values, user.email);

  const set = (field: keyof ProfileInfoValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaved(false);
  };

  const submit = async () => {
    const found = validateProfileInfo(values, user.email, LL);
    setErrors(found);
    if (hasErrors(found)) return;
    const updated = await update({ name: values.name.trim(), email: values.email.trim(), currentPassword: changingEmail ? values.currentPassword : null });
    if (updated) {
      setValues({ name: updated.name, email: updated.email, currentPassword: '' });
      setSaved(true);
    }
  };

  const fromServer = error?.kind === 'server' ? serverFieldErrors(error.fieldErrors, FIELDS, LL) : {};
  const shown = { ...fromServer, ...errors };
  const failure = error && !hasErrors(fromServer) ? ((error.kind === 'server' ? serverMessage(error, LL) : null) ?? t.failed()) : null;

  return (
    <ProfileCard title={t.title()} description={t.description()} testId="profile-info">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isPending) void submit();
        }}
      >
        <Stack gap={4}>
          <Field.Root invalid={!!shown.name} required>
            <Field.Label>{t.name()}</Field.Label>
            <Input name="name" autoComplete="name" value={values.name} maxLength={200} onChange={(e) => set('name', e.currentTarget.value)} data-testid="profile-name" />
            <Field.ErrorText>{shown.name}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!shown.email} required>
            <Field.Label>{t.email()}</Field.Label>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              data-testid="profile-email"
            />
            <Field.ErrorText>{shown.email}</Field.ErrorText>
          </Field.Root>
          {changingEmail ? (
            <Field.Root invalid={!!shown.currentPassword} required>
              <Field.Label>{t.currentPassword()}</Field.Label>
              <Input
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                dir="ltr"
                value={values.currentPassword}
                onChange={(e) => set('currentPassword', e.currentTarget.value)}
                data-testid="profile-current-password"
              />
              {shown.currentPassword ? <Field.ErrorText>{shown.currentPassword}</Field.ErrorText> : <Field.HelperText>{t.currentPasswordHint()}</Field.HelperText>}
            </Field.Root>
          ) : null}
          <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={isPending} loadingText={t.submitting()} data-testid="profile-save">
            {t.submit()}
          </Button>
          {failure ? <FormAlert status="error" message={failure} testId="profile-info-error" /> : null}
          {saved ? <FormAlert status="success" message={t.success()} testId="profile-info-success" /> : null}
        </Stack>
      </form>
    </ProfileCard>
  );
}
