import { trpc } from '../../api/trpc.client.ts';

/** The business days, zone and slots the booking dialog offers (public; rarely changes). */
export function useBookingAvailability(enabled: boolean) {
  return trpc.bookings.availability.useQuery(undefined, { enabled, staleTime: 5 * 60_000 });
}
