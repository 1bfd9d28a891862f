import { Alert } from '@chakra-ui/react';

/** The outcome of a Profile form, under its button. */
export function FormAlert({ status, message, testId }: { status: 'success' | 'error'; message: string; testId: string }) {
  return (
    <Alert.Root status={status} data-testid={testId} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Description>{message}</Alert.Description>
    </Alert.Root>
  );
}
