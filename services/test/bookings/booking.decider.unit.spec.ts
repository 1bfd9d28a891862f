import { describe, it } from 'vitest';
import type { BookingEvent } from '@crm/contracts';
import { bookingDecider, type BookingCommand } from '../../src/bookings/booking.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const id = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const admin = 'a3c1b2d4-0000-4000-8000-000000000001';
const spec = deciderSpec(bookingDecider, { now, userId: admin, metadata: { correlationId: 'test' } });

const request: BookingCommand = {
  type: 'RequestBooking',
  bookingId: id,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: null,
  phone: null,
  meetingType: 'demo',
  preferredDate: '2026-12-01',
  preferredTime: '10:00',
  timeZone: 'Europe/Paris',
  message: null,
  locale: 'fr',
};
const requested: BookingEvent = {
  type: 'BookingRequested',
  data: {
    bookingId: id,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: null,
    phone: null,
    meetingType: 'demo',
    preferredDate: '2026-12-01',
    preferredTime: '10:00',
    timeZone: 'Europe/Paris',
    startsAt: '2026-12-01T09:00:00.000Z',
    durationMinutes: 30,
    message: null,
    requestedAt: at,
    locale: 'fr',
  },
};
const confirmed: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: id, confirmedAt: at, confirmedBy: admin } };
const completed: BookingEvent = { type: 'BookingCompleted', data: { bookingId: id, completedAt: at, completedBy: admin } };
const cancelled: BookingEvent = { type: 'BookingCancelled', data: { bookingId: id, cancelledAt: at, cancelledBy: admin, reason: null } };

const confirm: BookingCommand = { type: 'ConfirmBooking', bookingId: id };
const complete: BookingCommand = { type: 'CompleteBooking', bookingId: id };
const cancel: BookingCommand = { type: 'CancelBooking', bookingId: id, reason: null };

describe('booking decider', () => {
  describe('RequestBooking', () => {
    it('records the request with the absolute start in the visitor zone', () => spec.given([]).when(request).then([requested]));
    it('computes the start across a DST change (New York, summer)', () =>
      spec
        .given([])
        .when({ ...request, preferredDate: '2027-07-01', preferredTime: '09:00', timeZone: 'America/New_York' })
        .then([{ ...requested, data: { ...requested.data, preferredDate: '2027-07-01', preferredTime: '09:00', timeZone: 'America/New_York', startsAt: '2027-07-01T13:00:00.000Z' } } as BookingEvent]));
    it('refuses a second request on the same booking', () => spec.given([requested]).when(request).thenThrows('booking_exists'));
  });

  describe('ConfirmBooking', () => {
    it('confirms a pending booking', () => spec.given([requested]).when(confirm).then([confirmed]));
    it('refuses an unknown booking', () => spec.given([]).when(confirm).thenThrows('booking_not_found'));
    it('refuses a confirmed booking', () => spec.given([requested, confirmed]).when(confirm).thenThrows('booking_not_pending'));
    it('refuses a completed booking', () => spec.given([requested, confirmed, completed]).when(confirm).thenThrows('booking_not_pending'));
    it('refuses a cancelled booking', () => spec.given([requested, cancelled]).when(confirm).thenThrows('booking_not_pending'));
  });

  describe('CompleteBooking', () => {
    it('completes a confirmed booking', () => spec.given([requested, confirmed]).when(complete).then([completed]));
    it('refuses an unknown booking', () => spec.given([]).when(complete).thenThrows('booking_not_found'));
    it('refuses a pending booking', () => spec.given([requested]).when(complete).thenThrows('booking_not_confirmed'));
    it('refuses a completed booking', () => spec.given([requested, confirmed, completed]).when(complete).thenThrows('booking_not_confirmed'));
    it('refuses a cancelled booking', () => spec.given([requested, cancelled]).when(complete).thenThrows('booking_not_confirmed'));
  });

  describe('CancelBooking', () => {
    it('cancels a pending booking', () => spec.given([requested]).when(cancel).then([cancelled]));
    it('cancels a confirmed booking', () => spec.given([requested, confirmed]).when(cancel).then([cancelled]));
    it('refuses an unknown booking', () => spec.given([]).when(cancel).thenThrows('booking_not_found'));
    it('refuses a completed booking', () => spec.given([requested, confirmed, completed]).when(cancel).thenThrows('booking_completed'));
    it('refuses a cancelled booking', () => spec.given([requested, cancelled]).when(cancel).thenThrows('booking_cancelled'));
  });

  describe('SetBookingStatus (the admin status change)', () => {
    const set = (status: 'pending' | 'confirmed' | 'completed' | 'cancelled'): BookingCommand => ({ type: 'SetBookingStatus', bookingId: id, status });
    it('confirms, completes and cancels like the commands it stands for', () => {
      spec.given([requested]).when(set('confirmed')).then([confirmed]);
      spec.given([requested, confirmed]).when(set('completed')).then([completed]);
      spec.given([requested]).when(set('cancelled')).then([cancelled]);
    });
    it('never moves a booking back to pending', () => spec.given([requested, confirmed]).when(set('pending')).thenThrows('booking_status_pending'));
  });
});
