import type { TaskView } from '@crm/contracts/tasks/task.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { ConfirmDialog } from '../../ui/components/confirm-dialog.component.tsx';

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
  return (
    <ConfirmDialog
      subject={task}
      title={t.title()}
      text={{ sentence: (title) => t.text({ title }), name: task?.title ?? '' }}
      cancelLabel={t.cancel()}
      confirmLabel={t.confirm()}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="task-delete"
    />
  );
}
