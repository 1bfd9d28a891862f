import { Alert, Button } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

interface LoadErrorAlertProps {
  title: string;
  /** The server's reason, when it gave one. */
  detail?: string | null;
  onRetry(): void;
  testId: string;
}

/** A tab's "could not load" alert with a Retry button. */
export function LoadErrorAlert({ title, detail, onRetry, testId }: LoadErrorAlertProps) {
  const { LL } = useI18nContext();
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {detail ? <Alert.Description>{detail}</Alert.Description> : null}
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={onRetry}>
        {LL.common.retry()}
      </Button>
    </Alert.Root>
  );
}
