import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';
import type { BookingFilters } from '../utils/booking-filters.util.ts';

/** `bookings.list` with the filters applied on the server; the previous rows stay while new ones load. */
export function useBookingsList(filters: BookingFilters) {
  return trpc.bookings.list.useQuery(filters, { placeholderData: keepPreviousData });
}
