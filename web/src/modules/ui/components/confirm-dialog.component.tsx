import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { DataText } from './data-text.component.tsx';

interface ConfirmDialogProps<T> {
  /** What the question is about; null: closed. */
  subject: T | null;
  title: string;
  /**
   * The question. A sentence naming the subject (`t.text({ name: MARK })`, split at MARK) keeps the name in its
   * own direction: a Latin name inside an Arabic sentence reads whole.
   */
  text: string | { sentence: (mark: string) => string; name: string };
  cancelLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm(subject: T): void;
  onClose(): void;
  /** Test ids: `<testId>-dialog`, `-text`, `-cancel` and `-confirm`. */
  testId: string;
}

/** A yes/no question before a destructive action (an alert dialog: Escape and the backdrop cancel). */
export function ConfirmDialog<T>({ subject, title, text, cancelLabel, confirmLabel, pending, onConfirm, onClose, testId }: ConfirmDialogProps<T>) {
  const MARK = '\u0000';
  const [before, after] = typeof text === 'string' ? [text, ''] : text.sentence(MARK).split(MARK);
  return (
    <Dialog.Root open={subject !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${testId}-dialog`} mx={3}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text data-testid={`${testId}-text`} overflowWrap="anywhere">
                {before}
                {typeof text === 'string' ? null : <DataText>{text.name}</DataText>}
                {after}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid={`${testId}-cancel`}>
                {cancelLabel}
              </Button>
              <Button colorPalette="red" loading={pending} onClick={() => subject !== null && onConfirm(subject)} data-testid={`${testId}-confirm`}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
