import type { CustomerCreatePayload, CustomerUpdatePayload } from '@crm/contracts/customers/customer.input';
import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

export type SaveResult = { ok: true; id: string; name: string } | { ok: false; failure: ApiFailure };

/** `customers.create` and `customers.update`; on success the list and that customer's detail reload. */
export function useSaveCustomer() {
  const utils = trpc.useUtils();
  const create = trpc.customers.create.useMutation();
  const update = trpc.customers.update.useMutation();

  const save = useCallback(
    async (id: string | null, payload: CustomerCreatePayload): Promise<SaveResult> => {
      try {
        const { customer } = id ? await update.mutateAsync({ ...payload, id } satisfies CustomerUpdatePayload) : await create.mutateAsync(payload);
        await Promise.all([utils.customers.list.invalidate(), utils.customers.detail.invalidate({ id: customer.id })]);
        return { ok: true, id: customer.id, name: customer.name };
      } catch (caught) {
        return { ok: false, failure: describeApiError(caught) };
      }
    },
    [create, update, utils],
  );

  return { save, pending: create.isPending || update.isPending };
}
