import type { TaskStatus } from '@crm/contracts/crm/crm.constants';
import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { TaskView as TaskRow } from '@crm/contracts/tasks/task.input';
import { trpc } from '../../api/trpc.client.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';

/**
 * A row's own actions: complete / start / pause (`tasks.update` with the new status; the server sets or clears
 * completedAt) and delete (`tasks.delete` of THAT row only, whatever is selected). On failure the list is reloaded.
 */
export function useTaskRowActions({ onDeleted }: { onDeleted(id: string): void }) {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const update = trpc.tasks.update.useMutation();
  const remove = trpc.tasks.delete.useMutation();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const setStatus = useCallback(
    async (task: TaskRow, status: TaskStatus) => {
      setPendingId(task.id);
      try {
        await update.mutateAsync({ id: task.id, status, completedAt: status === 'completed' ? new Date().toISOString() : null });
        toast({ type: 'success', title: LL.tasks.toasts.updated(), description: LL.tasks.toasts.markedAs({ status: LL.tasks.statuses[status]() }) });
      } catch {
        toastError(LL, LL.tasks.toasts.updateFailed());
      } finally {
        setPendingId(null);
        await utils.tasks.list.invalidate();
      }
    },
    [update, utils, LL],
  );

  const deleteTask = useCallback(
    async (task: TaskRow) => {
      setPendingId(task.id);
      try {
        await remove.mutateAsync({ id: task.id });
        onDeleted(task.id);
        toast({ type: 'success', title: LL.tasks.toasts.deleted(), description: LL.tasks.toasts.deletedDescription({ title: task.title }) });
      } catch {
        toastError(LL, LL.tasks.toasts.deleteFailed());
      } finally {
        setPendingId(null);
        await utils.tasks.list.invalidate();
      }
    },
    [remove, utils, LL, onDeleted],
  );

  return { setStatus, deleteTask, pendingId };
}
