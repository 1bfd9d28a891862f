import type { TaskUpdatePayload } from '@crm/contracts/tasks/task.input';
import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { trpc } from '../../api/trpc.client.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { taskSaveFailure } from '../utils/task-save-failure.util.ts';

/**
 * Edit Task (`tasks.update` with only the changed fields): 'Task Updated' naming the task and the list
 * reloaded; on a refusal the error toast with the server's reason (translated domain code) and its field
 * errors for the dialog.
 */
export function useUpdateTask() {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const mutation = trpc.tasks.update.useMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const clearErrors = useCallback(() => setErrors({}), []);

  const update = useCallback(
    async (payload: TaskUpdatePayload): Promise<boolean> => {
      try {
        const { task } = await mutation.mutateAsync(payload);
        setErrors({});
        toast({ type: 'success', title: LL.tasks.toasts.updated(), description: LL.tasks.toasts.updatedDescription({ title: task.title }) });
        return true;
      } catch (caught) {
        const failure = taskSaveFailure(caught, LL);
        setErrors(failure.errors);
        toastError(LL, LL.tasks.toasts.updateFailed(), failure.reason);
        return false;
      } finally {
        await utils.tasks.list.invalidate();
      }
    },
    [mutation, utils, LL],
  );
  return { save: update, errors, clearErrors, pending: mutation.isPending };
}
