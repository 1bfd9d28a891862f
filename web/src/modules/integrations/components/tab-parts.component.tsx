import { Button, Code, Dialog, HStack, Heading, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';

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

interface ShownOnceDialogProps {
  /** The secret (an API key, a webhook signing secret); null: closed. */
  value: string | null;
  texts: { title: string; warning: string; copy: string; copied: string; copyFailed: string; done: string };
  /** A line under the warning (e.g. that a rotated secret's predecessor still signs for a while). */
  note?: string | null;
  testIds: { dialog: string; value: string; done: string; copy?: string };
  onClose(): void;
}

/** A secret the server shows this once, with Copy; closing forgets it (lists show it masked at most). */
export function ShownOnceDialog({ value, texts, note, testIds, onClose }: ShownOnceDialogProps) {
  const { LL } = useI18nContext();
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  const copy = async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ type: 'success', title: texts.copied });
    } catch {
      toastError(LL, texts.copyFailed);
    }
  };
  return (
    <Dialog.Root open={value !== null} onOpenChange={(d) => (d.open ? undefined : close())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testIds.dialog} mx={3}>
            <Dialog.Header>
              <Dialog.Title>{texts.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={3}>
                <Text fontSize="sm" color="fg.warning" role="status">
                  {texts.warning}
                </Text>
                {note ? <Text fontSize="sm">{note}</Text> : null}
                <Code dir="ltr" p={2} fontSize="sm" overflowWrap="anywhere" whiteSpace="normal" userSelect="all" data-testid={testIds.value}>
                  {value}
                </Code>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => void copy()} data-testid={testIds.copy}>
                {copied ? texts.copied : texts.copy}
              </Button>
              <Button colorPalette="blue" onClick={close} data-testid={testIds.done}>
                {texts.done}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
