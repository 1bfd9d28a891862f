import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `deals.delete` (soft) and `deals.restore` (admins); the deals and customers queries reload after either. */
export function useDealRemoval() {
  const utils = trpc.useUtils();
  const remove = trpc.deals.delete.useMutation();
  const restore = trpc.deals.restore.useMutation();

  const run = useCallback(
    async (action: 'delete' | 'restore', id: string): Promise<ApiFailure | null> => {
      try {
        if (action === 'delete') await remove.mutateAsync({ id });
        else await restore.mutateAsync({ id });
        void utils.deals.invalidate();
        void utils.customers.invalidate();
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
