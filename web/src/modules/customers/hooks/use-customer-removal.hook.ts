import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `customers.delete` (soft) and `customers.restore` (admins); the list reloads after either. */
export function useCustomerRemoval() {
  const utils = trpc.useUtils();
  const remove = trpc.customers.delete.useMutation();
  const restore = trpc.customers.restore.useMutation();

  const run = useCallback(
    async (action: 'delete' | 'restore', id: string): Promise<ApiFailure | null> => {
      try {
        if (action === 'delete') await remove.mutateAsync({ id });
        else await restore.mutateAsync({ id });
        await utils.customers.list.invalidate();
        return null;
      } catch (caught) {
        return describeApiError(caught);
      }
    },
    [remove, restore, utils],
  );

  const pendingId = remove.isPending ? (remove.variables?.id ?? null) : restore.isPending ? (restore.variables?.id ?? null) : null;
  return { run, pendingId };
}
