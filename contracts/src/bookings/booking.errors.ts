import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the bookings domain (public booking requests and their handling in the admin area). */
export const BOOKING_ERRORS = defineDomainErrors({
  booking_not_found: { kind: 'not_found', message: 'Booking not found' },
  booking_exists: { kind: 'conflict', message: 'This booking already exists', internal: true },
  booking_not_pending: {
    kind: 'conflict',
    message: ({ status }: { status: string }) => `Only a pending booking can be confirmed; this one is ${status}`,
  },
  booking_not_confirmed: {
    kind: 'conflict',
    message: ({ status }: { status: string }) => `Only a confirmed booking can be completed; this one is ${status}`,
  },
  booking_completed: { kind: 'conflict', message: 'A completed booking cannot be cancelled' },
  booking_cancelled: { kind: 'conflict', message: 'This booking is already cancelled' },
  booking_status_pending: { kind: 'conflict', message: 'A booking cannot be moved back to pending' },
  idempotency_key_reused: {
    kind: 'unprocessable',
    message: 'This Idempotency-Key was already used for a different booking request',
    internal: true,
  },
});
