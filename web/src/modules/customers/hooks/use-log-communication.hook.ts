import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc, type RouterInputs } from '../../api/trpc.client.ts';

export type CommunicationPayload = RouterInputs['customers']['logCommunication'];

/** `customers.logCommunication`; the detail (and the list's last contact) reload on success. */
export function useLogCommunication() {
  const utils = trpc.useUtils();
  const mutation = trpc.customers.logCommunication.useMutation();
  const log = useCallback(
    async (payload: CommunicationPayload): Promise<ApiFailure | null> => {
      try {
        await mutation.mutateAsync(payload);
        await Promise.all([utils.customers.detail.invalidate({ id: payload.customerId }), utils.customers.list.invalidate()]);
        return null;
      } catch (caught) {
        return describeApiError(caught);
      }
    },
    [mutation, utils],
  );
  return { log, pending: mutation.isPending };
}
