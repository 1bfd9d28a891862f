import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';
import { BOOKINGS_PAGE_SIZE, type BookingFilters } from '../utils/booking-filters.util.ts';

/** One page of `bookings.list`, filtered on the server; the previous rows stay while new ones load. */
export function useBookingsList(filters: BookingFilters, page: number) {
  return trpc.bookings.list.useQuery({ ...filters, page, pageSize: BOOKINGS_PAGE_SIZE }, { placeholderData: keepPreviousData });
}
