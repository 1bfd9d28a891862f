import { defineDomainContract } from '../platform/domain-contract.ts';
import { BOOKING_ERRORS } from './booking.errors.ts';
import { bookingEventSchemas } from './booking.events.ts';

/** Meetings booked from the public site, and their administration (spec 01). */
export const bookingsContract = defineDomainContract({
  name: 'bookings',
  events: [bookingEventSchemas],
  errors: BOOKING_ERRORS,
  adminPaths: ['/admin/bookings'],
});
