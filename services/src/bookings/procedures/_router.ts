import { z } from 'zod';
import { bookingListInput, bookingSetStatusInput, type BookingRequestPayload } from '@crm/contracts';
import { publicProcedure, procedure, router } from '../../trpc/trpc.ts';
import { availabilityHandler } from './availability.handler.ts';
import { listHandler } from './list.handler.ts';
import { requestHandler } from './request.handler.ts';
import { setStatusHandler } from './set-status.handler.ts';

export const bookingsRouter = router({
  /** Public: a visitor books a meeting. Validated in the handler, because "not before today" needs the clock. */
  request: publicProcedure
    .input(z.custom<BookingRequestPayload>((v) => typeof v === 'object' && v !== null, 'must be an object'))
    .mutation(requestHandler),
  /** Public: the business days, zone and slots the booking dialog offers (refused ones get a 400 naming the field). */
  availability: publicProcedure.query(availabilityHandler),
  list: procedure('bookings:read').input(bookingListInput).query(listHandler),
  setStatus: procedure('bookings:manage').input(bookingSetStatusInput).mutation(setStatusHandler),
});
