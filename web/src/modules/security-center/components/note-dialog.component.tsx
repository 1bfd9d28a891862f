import { Button, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

interface NoteDialogProps {
  open: boolean;
  title: string;
  text?: string;
  noteLabel: string;
  notePlaceholder?: string;
  cancelLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm(note: string): void;
  onClose(): void;
  /** Test ids: `<testId>-dialog`, `-note`, `-cancel`, `-confirm`. */
  testId: string;
}

/** A question before an action, with an optional note (resolving an alert, suspending an account). */
export function NoteDialog({ open, title, text, noteLabel, notePlaceholder, cancelLabel, confirmLabel, pending, onConfirm, onClose, testId }: NoteDialogProps) {
  const [note, setNote] = useState('');
  useEffect(() => {
    if (open) setNote('');
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${testId}-dialog`} mx={3}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {text ? (
                <Text mb={3} overflowWrap="anywhere">
                  {text}
                </Text>
              ) : null}
              <Field.Root>
                <Field.Label>{noteLabel}</Field.Label>
                <Textarea value={note} maxLength={1000} placeholder={notePlaceholder} onChange={(e) => setNote(e.currentTarget.value)} data-testid={`${testId}-note`} />
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid={`${testId}-cancel`}>
                {cancelLabel}
              </Button>
              <Button colorPalette="blue" loading={pending} onClick={() => onConfirm(note)} data-testid={`${testId}-confirm`}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
