/** The bookings domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './booking.constants.ts';
export * from './booking.errors.ts';
export * from './booking.events.ts';
export * from './booking.input.ts';
export * from './booking.labels.ts';
export * from './business-hours.ts';
export * from './bookings.contract.ts';
