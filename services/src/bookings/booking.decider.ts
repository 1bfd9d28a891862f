import {
  BOOKING_ERRORS,
  domainError,
  MEETING_DURATION_MINUTES,
  zonedWallTimeToUtc,
  type BookingEvent,
  type BookingStatus,
  type Locale,
  type MeetingType,
  type TimeSlot,
} from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

export type BookingState =
  | { status: 'none' }
  | { status: BookingStatus; bookingId: string };

export type BookingCommand =
  | {
      type: 'RequestBooking';
      bookingId: string;
      name: string;
      email: string;
      company: string | null;
      phone: string | null;
      meetingType: MeetingType;
      preferredDate: string;
      preferredTime: TimeSlot;
      timeZone: string;
      /** The visitor's own zone when the slot is in another (the business zone): their mails show it. */
      visitorTimeZone?: string | null;
      message: string | null;
      locale: Locale;
    }
  | { type: 'ConfirmBooking'; bookingId: string }
  | { type: 'CompleteBooking'; bookingId: string }
  | { type: 'CancelBooking'; bookingId: string; reason: string | null }
  /** The admin's status change (spec 01: PUT /api/admin/bookings with {id, status}): one of the three above, never back to pending. */
  | { type: 'SetBookingStatus'; bookingId: string; status: BookingStatus };

const initialState: BookingState = { status: 'none' };

function evolve(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'BookingRequested':
      return { status: 'pending', bookingId: event.data.bookingId };
    case 'BookingConfirmed':
      return { ...state, status: 'confirmed' } as BookingState;
    case 'BookingCompleted':
      return { ...state, status: 'completed' } as BookingState;
    case 'BookingCancelled':
      return { ...state, status: 'cancelled' } as BookingState;
    default: {
      const never: never = event;
      return never;
    }
  }
}

function requireExisting(state: BookingState): asserts state is Exclude<BookingState, { status: 'none' }> {
  if (state.status === 'none') throw domainError(BOOKING_ERRORS.booking_not_found);
}

/** The command behind a requested status. */
function statusCommand(bookingId: string, status: BookingStatus): BookingCommand {
  switch (status) {
    case 'confirmed':
      return { type: 'ConfirmBooking', bookingId };
    case 'completed':
      return { type: 'CompleteBooking', bookingId };
    case 'cancelled':
      return { type: 'CancelBooking', bookingId, reason: null };
    case 'pending':
      throw domainError(BOOKING_ERRORS.booking_status_pending);
  }
}

function decide(command: BookingCommand, state: BookingState, ctx: CommandContext): BookingEvent[] {
  const at = ctx.now.toISOString();
  switch (command.type) {
    case 'RequestBooking': {
      if (state.status !== 'none') throw domainError(BOOKING_ERRORS.booking_exists);
      const { type: _type, ...fields } = command;
      return [
        {
          type: 'BookingRequested',
          data: {
            ...fields,
            startsAt: zonedWallTimeToUtc(command.preferredDate, command.preferredTime, command.timeZone).toISOString(),
            durationMinutes: MEETING_DURATION_MINUTES,
            requestedAt: at,
          },
        },
      ];
    }
    case 'ConfirmBooking':
      requireExisting(state);
      if (state.status !== 'pending') {
        throw domainError(BOOKING_ERRORS.booking_not_pending, { status: state.status });
      }
      return [{ type: 'BookingConfirmed', data: { bookingId: command.bookingId, confirmedAt: at, confirmedBy: ctx.userId } }];
    case 'CompleteBooking':
      requireExisting(state);
      if (state.status !== 'confirmed') {
        throw domainError(BOOKING_ERRORS.booking_not_confirmed, { status: state.status });
      }
      return [{ type: 'BookingCompleted', data: { bookingId: command.bookingId, completedAt: at, completedBy: ctx.userId } }];
    case 'SetBookingStatus':
      return decide(statusCommand(command.bookingId, command.status), state, ctx);
    case 'CancelBooking':
      requireExisting(state);
      if (state.status === 'completed') throw domainError(BOOKING_ERRORS.booking_completed);
      if (state.status === 'cancelled') throw domainError(BOOKING_ERRORS.booking_cancelled);
      return [
        {
          type: 'BookingCancelled',
          data: { bookingId: command.bookingId, cancelledAt: at, cancelledBy: ctx.userId, reason: command.reason },
        },
      ];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const bookingDecider: Decider<BookingState, BookingCommand, BookingEvent> = { initialState, evolve, decide };
