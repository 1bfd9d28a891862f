import { Alert } from '@chakra-ui/react';

/** An error or success message at the top of an account form (announced to screen readers). */
export function FormAlert({ status, children, testId }: { status: 'error' | 'success' | 'info'; children: string; testId?: string }) {
  return (
    <Alert.Root status={status} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}
