import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import {
  BOOKING_ERRORS,
  DomainError,
  domainError,
  bookingStreamId,
  type BookingEvent,
  type BookingListInput,
  type BookingRequestInput,
  type BookingStatus,
  type BookingView,
  type EventStore,
} from '@crm/contracts';
import { getBooking, listBookings } from '@crm/projections';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import { bookingDecider, type BookingCommand } from './booking.decider.ts';

type BookingRequested = Extract<BookingEvent, { type: 'BookingRequested' }>['data'];

/** The view of a booking just requested: what the read model will hold once it has applied the event. */
function requestedView(data: BookingRequested): BookingView {
  const { bookingId, durationMinutes: _duration, requestedAt, locale: _locale, ...fields } = data;
  return { id: bookingId, ...fields, status: 'pending', createdAt: requestedAt, updatedAt: requestedAt };
}

const IDEMPOTENCY_NAMESPACE = '6f1d2a3b-8c4e-4f5a-9b6c-7d8e9f0a1b2c';

export interface BookingsService {
  request(input: BookingRequestInput, ctx: CommandContext, idempotencyKey?: string | null): Promise<{ booking: BookingView; replayed: boolean }>;
  setStatus(id: string, status: BookingStatus, ctx: CommandContext): Promise<BookingView>;
  list(filter: BookingListInput, now: Date): ReturnType<typeof listBookings>;
}

export function createBookingsService(deps: { pool: pg.Pool; store: EventStore; businessTimeZone: string }): BookingsService {
  const { pool, store } = deps;

  async function readBack(id: string, checkpoint: string | null): Promise<BookingView> {
    await waitForProjection(deps, 'bookings', checkpoint);
    const view = await getBooking(pool, id);
    if (!view) throw domainError(BOOKING_ERRORS.booking_not_found);
    return view;
  }

  return {
    async request(input, ctx, idempotencyKey) {
      // With an Idempotency-Key the booking id is derived from the key: the event store's
      // "no stream yet" check then makes the same key create the booking at most once.
      // Only a keyed request is ever compared with an earlier one (hashing every request cost ~1 % of the API's CPU).
      const requestHash = idempotencyKey ? createHash('sha256').update(JSON.stringify(input)).digest('hex') : null;
      const bookingId = idempotencyKey ? uuidv5(`booking:${idempotencyKey}`, IDEMPOTENCY_NAMESPACE) : randomUUID();
      const command: BookingCommand = { type: 'RequestBooking', bookingId, ...input };
      try {
        const result = await handleCommand(
          store,
          bookingStreamId(bookingId),
          bookingDecider,
          command,
          { ...ctx, metadata: { ...ctx.metadata, ...(idempotencyKey ? { idempotencyKey, requestHash } : {}) } },
          { expectNew: true },
        );
        return { booking: requestedView(result.events[0]!.data as BookingRequested), replayed: false };
      } catch (err) {
        if (!(idempotencyKey && err instanceof DomainError && err.code === BOOKING_ERRORS.booking_exists.code)) throw err;
        const [first] = await store.readStream(bookingStreamId(bookingId));
        if (first?.metadata.requestHash !== requestHash) {
          throw domainError(BOOKING_ERRORS.idempotency_key_reused);
        }
        return { booking: requestedView(first.data as BookingRequested), replayed: true };
      }
    },

    async setStatus(id, status, ctx) {
      const result = await handleCommand(store, bookingStreamId(id), bookingDecider, { type: 'SetBookingStatus', bookingId: id, status }, ctx);
      return readBack(id, result.checkpoint);
    },

    // "Today" and "this week" are calendar days in the business time zone.
    list: (filter, now) => listBookings(pool, filter, now, { timeZone: deps.businessTimeZone }),
  };
}
