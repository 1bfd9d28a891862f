import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { useRegister } from '../hooks/use-register.hook.ts';
import { passwordRefusalText } from '../utils/password-refusal.util.ts';
import { checkRegisterForm, EMPTY_REGISTER_FORM, type RegisterFormProblem, type RegisterFormValues } from '../utils/register-form.util.ts';
import { AuthPage } from './auth-page.component.tsx';
import { FormAlert } from './form-alert.component.tsx';
import { RegisterSuccess } from './register-success.component.tsx';

const PROBLEM_TEXT: Record<RegisterFormProblem, (LL: TranslationFunctions) => string> = {
  required: (LL) => LL.register.required(),
  mismatch: (LL) => LL.register.mismatch(),
  tooShort: (LL) => LL.register.tooShort(),
};

/** A refusal in the reader's words: bad fields by name, else the server's message, else 'Registration failed'. */
function failureText(error: ApiFailure, LL: TranslationFunctions): string {
  if (error.kind === 'network') return LL.register.network();
  if (error.fieldErrors.name) return LL.register.invalidName();
  if (error.fieldErrors.email) return LL.register.invalidEmail();
  if (error.fieldErrors.password) return passwordRefusalText(error, 'password', LL) ?? LL.register.invalidPassword();
  return serverMessage(error, LL) ?? LL.register.failed();
}

/** `/register` (spec 01 §2 Register, §5, §8): always creates a `user` account awaiting approval. */
export function RegisterForm() {
  const { LL } = useI18nContext();
  const { register, result, error, isPending } = useRegister();
  const [values, setValues] = useState<RegisterFormValues>(EMPTY_REGISTER_FORM);
  const [problem, setProblem] = useState<RegisterFormProblem | null>(null);
  const set = (field: keyof RegisterFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  if (result) return <RegisterSuccess name={result.user.name} userType={result.user.userType} />;

  const message = problem ? PROBLEM_TEXT[problem](LL) : error ? failureText(error, LL) : null;

  return (
    <AuthPage title={LL.register.title()} subtitle={LL.register.subtitle()}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (isPending) return;
          const found = checkRegisterForm(values);
          setProblem(found);
          if (!found) void register(values);
        }}
      >
        <Stack gap={4}>
          {message ? <FormAlert status="error" testId="register-error">{message}</FormAlert> : null}
          <Field.Root required>
            <Field.Label>{LL.register.name()}</Field.Label>
            <Input name="name" autoComplete="name" maxLength={100} value={values.name} onChange={set('name')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{LL.register.email()}</Field.Label>
            <Input name="email" type="email" autoComplete="email" dir="ltr" maxLength={254} value={values.email} onChange={set('email')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{LL.register.password()}</Field.Label>
            <Input name="password" type="password" autoComplete="new-password" dir="ltr" maxLength={256} value={values.password} onChange={set('password')} />
            <Field.HelperText>{LL.register.passwordHint()}</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>{LL.register.confirmPassword()}</Field.Label>
            <Input
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              dir="ltr"
              maxLength={256}
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={isPending} loadingText={LL.register.submitting()}>
            {LL.register.submit()}
          </Button>
        </Stack>
      </form>
      <Text color="fg.muted" fontSize="sm" textAlign="center">
        {LL.register.haveAccount()}{' '}
        <Link asChild colorPalette="blue" color="colorPalette.600" fontWeight="medium">
          <RouterLink href="/admin">{LL.register.login()}</RouterLink>
        </Link>
      </Text>
    </AuthPage>
  );
}
