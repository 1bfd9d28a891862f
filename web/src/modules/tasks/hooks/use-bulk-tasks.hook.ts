import type { TaskBulkAction } from '@crm/contracts/crm/crm.constants';
import type { TaskBulkResult } from '@crm/contracts/tasks/task.input';
import { useCallback } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { trpc } from '../../api/trpc.client.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';

/**
 * The bulk bar: one `tasks.bulk` call (each id its own command on the server). Nothing selected: 'No Tasks
 * Selected'. Success toasts count what was done; ids that failed are reported and stay selected.
 */
export function useBulkTasks({ onDone }: { onDone(result: TaskBulkResult): void }) {
  const { LL } = useI18nContext();
  const t = LL.tasks.toasts;
  const utils = trpc.useUtils();
  const mutation = trpc.tasks.bulk.useMutation();

  const run = useCallback(
    async (ids: string[], action: TaskBulkAction) => {
      if (ids.length === 0) {
        toast({ type: 'error', title: t.noneSelected(), description: t.noneSelectedDescription() });
        return;
      }
      try {
        const result = await mutation.mutateAsync({ ids, action });
        const count = result.succeeded.length;
        if (count > 0) {
          toast(
            action === 'delete'
              ? { type: 'success', title: t.bulkDeleted(), description: t.bulkDeletedDescription({ count }) }
              : { type: 'success', title: t.bulkCompleted(), description: t.bulkCompletedDescription({ count }) },
          );
        }
        if (result.failed.length > 0) toastError(LL, t.bulkPartial({ count: result.failed.length }));
        onDone(result);
      } catch {
        toastError(LL, t.bulkFailed());
      } finally {
        await utils.tasks.list.invalidate();
      }
    },
    [mutation, utils, t, onDone],
  );

  return { run, pendingAction: mutation.isPending ? (mutation.variables?.action ?? null) : null };
}
