import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import type { MfaStep } from '../hooks/use-login.hook.ts';
import { useLoginMfa } from '../hooks/use-login-mfa.hook.ts';
import { AuthPage } from './auth-page.component.tsx';
import { MfaCodeField } from './mfa-code-field.component.tsx';
import { MfaSecret } from './mfa-secret.component.tsx';
import { RecoveryCodes } from './recovery-codes.component.tsx';

/**
 * The login's second step (docs/SECURITY.md, "Multi-factor authentication"): a code from the authenticator or a
 * recovery code. When the policy requires two-step verification and the account has none, the step first shows
 * the new key (QR code and text), and after the first code the recovery codes, once.
 */
export function MfaLoginStep({ step, onBack }: { step: MfaStep; onBack(): void }) {
  const { LL } = useI18nContext();
  const t = LL.mfa.login;
  const { verify, error, isPending, recoveryCodes, proceed } = useLoginMfa();
  const [code, setCode] = useState('');
  const enrolment = step.enrolmentRequired ? step.enrolment : null;

  if (recoveryCodes) {
    return (
      <AuthPage title={t.doneTitle()}>
        <RecoveryCodes codes={recoveryCodes} onDone={() => void proceed()} doneLabel={t.continue()} />
      </AuthPage>
    );
  }

  return (
    <AuthPage title={enrolment ? t.enrolTitle() : t.title()} subtitle={enrolment ? t.enrolSubtitle() : t.subtitle()}>
      <form
        noValidate
        data-testid="mfa-login-step"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() !== '' && !isPending) void verify(step.challenge, code);
        }}
      >
        <Stack gap={4}>
          {error ? (
            <Alert.Root status="error" data-testid="mfa-login-error">
              <Alert.Indicator />
              <Alert.Description>{failureText(error, LL)}</Alert.Description>
            </Alert.Root>
          ) : null}
          {enrolment ? <MfaSecret secret={enrolment.secret} qrSvg={enrolment.qrSvg} /> : null}
          <MfaCodeField label={t.code()} hint={enrolment ? undefined : t.codeHint()} value={code} onChange={setCode} testId="mfa-login-code" autoFocus />
          <Button type="submit" colorPalette="blue" disabled={code.trim() === '' || isPending} loading={isPending} loadingText={t.submitting()} data-testid="mfa-login-submit">
            {t.submit()}
          </Button>
          <Link as="button" alignSelf="center" fontSize="sm" colorPalette="blue" color="colorPalette.600" onClick={onBack} data-testid="mfa-login-back">
            {t.back()}
          </Link>
        </Stack>
      </form>
    </AuthPage>
  );
}

function failureText(error: ApiFailure, LL: ReturnType<typeof useI18nContext>['LL']): string {
  if (error.kind === 'network') return LL.login.network();
  if (error.domainCode === 'login_throttled' && error.retryAfterSeconds) return LL.mfa.throttled({ seconds: error.retryAfterSeconds });
  return serverMessage(error, LL) ?? LL.mfa.login.failed();
}
