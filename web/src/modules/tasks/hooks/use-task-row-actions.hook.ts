import type { TaskStatus } from '@crm/contracts/crm/crm.constants';
import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { TaskView as TaskRow } from '@crm/contracts/tasks/task.input';
import { describeApiError } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';

/**
 * A row's own actions: complete / start / pause (`tasks.update` with the new status; the server sets or clears
 * completedAt) and delete (`tasks.delete` of THAT row only, whatever is selected; the table asks first). On
 * failure the error toast gives the server's reason (translated domain code) and the list is reloaded.
 */
export function useTaskRowActions({ onDeleted }: { onDeleted(id: string): void }) {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const update = trpc.tasks.update.useMutation();
  const remove = trpc.tasks.delete.useMutation();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const reasonOf = useCallback(
    (caught: unknown) => {
      const failure = describeApiError(caught);
      return failure.kind === 'server' ? serverMessage(failure, LL) : null;
    },
    [LL],
  );

  const setStatus = useCallback(
    async (task: TaskRow, status: TaskStatus) => {
      setPendingId(task.id);
      try {
        await update.mutateAsync({ id: task.id, status, completedAt: status === 'completed' ? new Date().toISOString() : null });
        toast({ type: 'success', title: LL.tasks.toasts.updated(), description: LL.tasks.toasts.markedAs({ status: LL.tasks.statuses[status]() }) });
      } catch (caught) {
        toastError(LL, LL.tasks.toasts.updateFailed(), reasonOf(caught));
      } finally {
        setPendingId(null);
        await utils.tasks.list.invalidate();
      }
    },
    [update, utils, LL, reasonOf],
  );

  /** True once deleted. */
  const deleteTask = useCallback(
    async (task: TaskRow): Promise<boolean> => {
      setPendingId(task.id);
      try {
        await remove.mutateAsync({ id: task.id });
        onDeleted(task.id);
        toast({ type: 'success', title: LL.tasks.toasts.deleted(), description: LL.tasks.toasts.deletedDescription({ title: task.title }) });
        return true;
      } catch (caught) {
        toastError(LL, LL.tasks.toasts.deleteFailed(), reasonOf(caught));
        return false;
      } finally {
        setPendingId(null);
        await utils.tasks.list.invalidate();
      }
    },
    [remove, utils, LL, onDeleted, reasonOf],
  );

  return { setStatus, deleteTask, pendingId };
}
