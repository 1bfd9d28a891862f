import { Button, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';

/** A tab's heading: its title and what it is for, with its main action (e.g. Generate API Key) beside them. */
export function TabHeading({ title, description, action }: { title: string; description: string; action?: { label: string; onClick(): void; testId: string } }) {
  return (
    <HStack justify="space-between" align="flex-start" wrap="wrap" gap={3}>
      <Stack gap={1} maxW="2xl">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Stack>
      {action ? (
        <Button colorPalette="blue" size="sm" onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </Button>
      ) : null}
    </HStack>
  );
}

interface ListStateProps {
  query: { isPending: boolean; isError: boolean; refetch(): unknown };
  /** Loaded, and nothing to show. */
  empty: boolean;
  texts: { loading: string; loadFailed: string; empty: string };
  /** `<testId>-empty`, `<testId>-error`. */
  testId: string;
  children: ReactNode;
}

/** A list's states: loading, failed (with Retry), empty, or the list itself. */
export function ListState({ query, empty, texts, testId, children }: ListStateProps) {
  if (query.isPending) {
    return (
      <HStack>
        <Spinner size="sm" />
        <Text>{texts.loading}</Text>
      </HStack>
    );
  }
  if (query.isError) return <LoadErrorAlert title={texts.loadFailed} onRetry={() => void query.refetch()} testId={`${testId}-error`} />;
  if (empty) {
    return (
      <Text color="fg.muted" data-testid={`${testId}-empty`}>
        {texts.empty}
      </Text>
    );
  }
  return <>{children}</>;
}
