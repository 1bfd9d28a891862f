import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `customers.deleteFile`; the detail reloads (the file leaves the list, communications show it as deleted). */
export function useDeleteCustomerFile(customerId: string) {
  const utils = trpc.useUtils();
  const mutation = trpc.customers.deleteFile.useMutation();
  const remove = useCallback(
    async (fileId: string): Promise<ApiFailure | null> => {
      try {
        await mutation.mutateAsync({ customerId, fileId });
        await utils.customers.detail.invalidate({ id: customerId });
        return null;
      } catch (caught) {
        return describeApiError(caught);
      }
    },
    [customerId, mutation, utils],
  );
  return { remove, pending: mutation.isPending };
}
