import { Field, Input } from '@chakra-ui/react';

/** A verification code: 6 digits from an authenticator, or a recovery code; typed left to right. */
export function MfaCodeField({ label, hint, value, onChange, testId, autoFocus }: { label: string; hint?: string; value: string; onChange(value: string): void; testId: string; autoFocus?: boolean }) {
  return (
    <Field.Root required>
      <Field.Label>{label}</Field.Label>
      <Input
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        dir="ltr"
        maxLength={32}
        value={value}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
        fontFamily="mono"
        letterSpacing="wider"
      />
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}
