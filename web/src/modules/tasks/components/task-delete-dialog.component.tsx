import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { TaskView } from '@crm/contracts/tasks/task.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';

interface TaskDeleteDialogProps {
  /** The task a row's Delete names; null: closed. */
  task: TaskView | null;
  pending: boolean;
  onConfirm(task: TaskView): void;
  onClose(): void;
}

/** "Delete “{title}”?" before a row's delete (the bulk bar's Delete acts at once, as the spec has it). */
export function TaskDeleteDialog({ task, pending, onConfirm, onClose }: TaskDeleteDialogProps) {
  const { LL } = useI18nContext();
  const t = LL.tasks.deleteDialog;
  // The title is data: isolated in its own direction inside the sentence (a Latin title in Arabic reads whole).
  const [before, after] = t.text({ title: '\u0000' }).split('\u0000');
  return (
    <Dialog.Root open={task !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="task-delete-dialog" mx={3}>
            <Dialog.Header>
              <Dialog.Title>{t.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text data-testid="task-delete-text" overflowWrap="anywhere">
                {before}
                <DataText>{task?.title ?? ''}</DataText>
                {after}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="task-delete-cancel">
                {t.cancel()}
              </Button>
              <Button colorPalette="red" loading={pending} onClick={() => task && onConfirm(task)} data-testid="task-delete-confirm">
                {t.confirm()}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
