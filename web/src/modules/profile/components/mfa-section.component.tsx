import { Badge, Button, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { MfaCodeField } from '../../auth/components/mfa-code-field.component.tsx';
import { MfaSecret } from '../../auth/components/mfa-secret.component.tsx';
import { RecoveryCodes } from '../../auth/components/recovery-codes.component.tsx';
import { useDisableMfa } from '../hooks/use-disable-mfa.hook.ts';
import { useMfaEnrolment } from '../hooks/use-mfa-enrolment.hook.ts';
import { useMfaStatus } from '../hooks/use-mfa-status.hook.ts';
import { useRegenerateRecoveryCodes } from '../hooks/use-regenerate-recovery-codes.hook.ts';
import { FormAlert } from './form-alert.component.tsx';
import { ProfileCard } from './profile-card.component.tsx';

type Mode = 'idle' | 'regenerate' | 'disable';

/**
 * Two-step verification (docs/SECURITY.md, "Multi-factor authentication"): set it up (QR code and key, confirmed
 * by a first code; ten recovery codes shown once), new recovery codes (with a code), turn it off (password and code).
 */
export function MfaSection() {
  const { LL } = useI18nContext();
  const t = LL.mfa.settings;
  const status = useMfaStatus();
  const enrolment = useMfaEnrolment();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableMfa();
  const [mode, setMode] = useState<Mode>('idle');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const failure = (error: ApiFailure | null) =>
    error ? ((error.kind === 'server' ? (error.domainCode === 'login_throttled' && error.retryAfterSeconds ? LL.mfa.throttled({ seconds: error.retryAfterSeconds }) : serverMessage(error, LL)) : null) ?? t.failed()) : null;

  const reset = (next: Mode = 'idle') => {
    setMode(next);
    setCode('');
    setPassword('');
    regenerate.reset();
    disable.reset();
  };

  const enabled = status.data?.enabled ?? false;
  const badge = status.data ? (
    <Badge colorPalette={enabled ? 'green' : 'gray'} data-testid="mfa-status">
      {enabled ? t.on() : t.off()}
    </Badge>
  ) : null;

  let body;
  if (status.isPending) {
    body = <Skeleton height="16" />;
  } else if (codes) {
    // Shown once, after an enrolment or a regeneration.
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          reset();
        }}
      />
    );
  } else if (enrolment.enrolment) {
    body = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() === '' || enrolment.confirming) return;
          void enrolment.finish(code).then((recovery) => {
            if (recovery) {
              setCodes(recovery);
              setCode('');
              setNotice(t.enabled());
            }
          });
        }}
      >
        <Stack gap={4}>
          <MfaSecret secret={enrolment.enrolment.secret} qrSvg={enrolment.enrolment.qrSvg} />
          <MfaCodeField label={t.code()} value={code} onChange={setCode} testId="mfa-enrol-code" />
          <HStack gap={2} flexWrap="wrap">
            <Button type="submit" colorPalette="blue" disabled={code.trim() === ''} loading={enrolment.confirming} loadingText={t.confirming()} data-testid="mfa-enrol-confirm">
              {t.confirm()}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                enrolment.cancel();
                setCode('');
              }}
            >
              {t.cancel()}
            </Button>
          </HStack>
          {enrolment.error ? <FormAlert status="error" message={failure(enrolment.error)!} testId="mfa-error" /> : null}
        </Stack>
      </form>
    );
  } else if (!enabled) {
    body = (
      <Stack gap={4}>
        <Text fontSize="sm">{t.offText()}</Text>
        <Button
          colorPalette="blue"
          alignSelf="flex-start"
          loading={enrolment.starting}
          loadingText={t.starting()}
          onClick={() => {
            setNotice(null);
            void enrolment.begin();
          }}
          data-testid="mfa-start"
        >
          {t.start()}
        </Button>
        {enrolment.error ? <FormAlert status="error" message={failure(enrolment.error)!} testId="mfa-error" /> : null}
        {notice ? <FormAlert status="success" message={notice} testId="mfa-notice" /> : null}
      </Stack>
    );
  } else {
    body = (
      <Stack gap={4}>
        <Text fontSize="sm" data-testid="mfa-remaining">
          {t.remaining({ count: status.data?.recoveryRemaining ?? 0 })}
        </Text>
        {mode === 'idle' ? (
          <HStack gap={2} flexWrap="wrap">
            <Button variant="outline" onClick={() => reset('regenerate')} data-testid="mfa-regenerate">
              {t.regenerate()}
            </Button>
            <Button variant="outline" colorPalette="red" onClick={() => reset('disable')} data-testid="mfa-disable">
              {t.disable()}
            </Button>
          </HStack>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (code.trim() === '') return;
              if (mode === 'regenerate') {
                void regenerate.regenerate(code).then((recovery) => {
                  if (recovery) setCodes(recovery);
                });
              } else {
                void disable.disable({ password, code }).then((done) => {
                  if (done) {
                    reset();
                    setNotice(t.disabled());
                  }
                });
              }
            }}
          >
            <Stack gap={4}>
              <Text fontSize="sm" color="fg.muted">
                {mode === 'regenerate' ? t.regenerateHint() : t.disableHint()}
              </Text>
              {mode === 'disable' ? (
                <Field.Root required>
                  <Field.Label>{t.password()}</Field.Label>
                  <Input name="password" type="password" autoComplete="current-password" dir="ltr" value={password} onChange={(e) => setPassword(e.currentTarget.value)} data-testid="mfa-disable-password" />
                </Field.Root>
              ) : null}
              <MfaCodeField label={t.code()} value={code} onChange={setCode} testId="mfa-action-code" />
              <HStack gap={2} flexWrap="wrap">
                <Button
                  type="submit"
                  colorPalette={mode === 'disable' ? 'red' : 'blue'}
                  disabled={code.trim() === '' || (mode === 'disable' && password === '')}
                  loading={regenerate.isPending || disable.isPending}
                  data-testid="mfa-action-submit"
                >
                  {mode === 'regenerate' ? t.regenerateSubmit() : t.disableSubmit()}
                </Button>
                <Button variant="ghost" onClick={() => reset()}>
                  {t.cancel()}
                </Button>
              </HStack>
              {(mode === 'regenerate' ? regenerate.error : disable.error) ? (
                <FormAlert status="error" message={failure(mode === 'regenerate' ? regenerate.error : disable.error)!} testId="mfa-error" />
              ) : null}
            </Stack>
          </form>
        )}
        {notice && mode === 'idle' ? <FormAlert status="success" message={notice} testId="mfa-notice" /> : null}
      </Stack>
    );
  }

  return (
    <ProfileCard title={t.title()} description={t.description()} testId="profile-mfa">
      <Stack gap={4}>
        {badge ? <HStack>{badge}</HStack> : null}
        {body}
      </Stack>
    </ProfileCard>
  );
}
