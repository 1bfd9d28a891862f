import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../platform/locale.ts';
import { BOOKING_STATUSES, MEETING_TYPES, TIME_SLOTS } from './booking.constants.ts';
import { auditedEvent, auditState } from '../platform/audit.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isoInstant = z.iso.datetime();

export const bookingRequestedV1 = z.object({
  bookingId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  meetingType: z.enum(MEETING_TYPES),
  preferredDate: isoDate,
  preferredTime: z.enum(TIME_SLOTS),
  /** The zone of preferredDate/preferredTime (the business zone for bookings made from the site). */
  timeZone: z.string(),
  /**
   * The visitor's own zone, when it differs from the slot's: their mails show the time there. Optional
   * (added to v1): events written before it have none, and their `timeZone` was the visitor's.
   */
  visitorTimeZone: z.string().nullish(),
  /** Absolute start of the meeting, derived from date, time and zone. */
  startsAt: isoInstant,
  durationMinutes: z.number().int().positive(),
  message: z.string().nullable(),
  requestedAt: isoInstant,
  /**
   * The visitor's language, for the mails they receive. Added to v1 as an optional field with a default:
   * every v1 event written before it still parses (as English), so no new version is needed.
   */
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
});
export const bookingConfirmedV1 = z.object({ bookingId: z.string().uuid(), confirmedAt: isoInstant, confirmedBy: z.string().nullable() });
export const bookingCompletedV1 = z.object({ bookingId: z.string().uuid(), completedAt: isoInstant, completedBy: z.string().nullable() });
export const bookingCancelledV1 = z.object({
  bookingId: z.string().uuid(),
  cancelledAt: isoInstant,
  cancelledBy: z.string().nullable(),
  reason: z.string().nullable(),
});

/** Every booking event type with its current schema version, schema and audit declaration. */
export const bookingEventSchemas = {
  BookingRequested: auditedEvent(1, bookingRequestedV1, {
    entity: 'booking',
    entityId: (d) => d.bookingId,
    action: 'CREATE',
    risk: 'low',
    state: (d) => ({ ...auditState.omit(d, 'bookingId', 'requestedAt'), status: 'pending' }),
  }),
  BookingConfirmed: auditedEvent(1, bookingConfirmedV1, { entity: 'booking', entityId: (d) => d.bookingId, action: 'UPDATE', risk: 'low', state: () => ({ status: 'confirmed' }) }),
  BookingCompleted: auditedEvent(1, bookingCompletedV1, { entity: 'booking', entityId: (d) => d.bookingId, action: 'UPDATE', risk: 'low', state: () => ({ status: 'completed' }) }),
  BookingCancelled: auditedEvent(1, bookingCancelledV1, {
    entity: 'booking',
    entityId: (d) => d.bookingId,
    action: 'UPDATE',
    risk: 'low',
    state: (d) => ({ status: 'cancelled', cancelReason: d.reason }),
  }),
} as const;

export type BookingEvent =
  | { type: 'BookingRequested'; data: z.infer<typeof bookingRequestedV1> }
  | { type: 'BookingConfirmed'; data: z.infer<typeof bookingConfirmedV1> }
  | { type: 'BookingCompleted'; data: z.infer<typeof bookingCompletedV1> }
  | { type: 'BookingCancelled'; data: z.infer<typeof bookingCancelledV1> };

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

export const bookingStreamId = (bookingId: string) => `booking-${bookingId}`;
