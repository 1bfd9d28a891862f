import type { BookingStatus } from '@crm/contracts/bookings/booking.constants';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc, type BookingRow, type RouterOutputs } from '../../api/trpc.client.ts';

interface Options {
  onUpdated(booking: BookingRow): void;
  onFailed(failure: ApiFailure): void;
}

/** `bookings.setStatus`; on success the returned booking replaces the cached row and every list refetches. */
export function useSetBookingStatus({ onUpdated, onFailed }: Options) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const mutation = trpc.bookings.setStatus.useMutation();

  const setStatus = useCallback(
    async (id: string, status: BookingStatus) => {
      try {
        const { booking } = await mutation.mutateAsync({ id, status });
        queryClient.setQueriesData<RouterOutputs['bookings']['list']>({ queryKey: getQueryKey(trpc.bookings.list) }, (current) =>
          current ? { ...current, bookings: current.bookings.map((row) => (row.id === booking.id ? booking : row)) } : current,
        );
        onUpdated(booking);
        await utils.bookings.list.invalidate();
      } catch (caught) {
        onFailed(describeApiError(caught));
      }
    },
    [mutation, onFailed, onUpdated, queryClient, utils],
  );

  const pending = mutation.isPending ? mutation.variables : undefined;
  return { setStatus, pendingId: pending?.id ?? null, pendingStatus: pending?.status ?? null };
}
