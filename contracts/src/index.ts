export * from './platform/event-store.port.ts';
export * from './platform/domain-error.ts';
export * from './platform/zoned-time.ts';
export * from './bookings/booking.constants.ts';
export * from './bookings/booking.events.ts';
export * from './bookings/booking.input.ts';
export * from './mail/mail.jobs.ts';
export * from './identity/user.events.ts';
