import type { TaskCreatePayload } from '@crm/contracts/tasks/task.input';
import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { trpc } from '../../api/trpc.client.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { taskSaveFailure } from '../utils/task-save-failure.util.ts';

/** `tasks.create`: 'Task Created' and the list reloaded; on failure the spec's error toast (with the server's reason), and the server's field errors for the dialog. */
export function useCreateTask() {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const mutation = trpc.tasks.create.useMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const clearErrors = useCallback(() => setErrors({}), []);

  const create = useCallback(
    async (payload: TaskCreatePayload): Promise<boolean> => {
      try {
        await mutation.mutateAsync(payload);
        setErrors({});
        toast({ type: 'success', title: LL.tasks.toasts.created() });
        await utils.tasks.list.invalidate();
        return true;
      } catch (caught) {
        const failure = taskSaveFailure(caught, LL);
        setErrors(failure.errors);
        toastError(LL, LL.tasks.toasts.createFailed(), failure.reason);
        return false;
      }
    },
    [mutation, utils, LL],
  );
  return { save: create, errors, clearErrors, pending: mutation.isPending };
}
