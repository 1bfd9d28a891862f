import type { BusinessHours } from '@crm/contracts';
import { defineServiceModule } from '../app/service-module.ts';
import { registerBookingRoutes } from './bookings.routes.ts';
import { createBookingsService, type BookingsService } from './bookings.service.ts';
import { bookingsRouter } from './procedures/_router.ts';

export interface BookingsServices {
  bookings: BookingsService;
  /** The bookable days and zone (BUSINESS_DAYS, BUSINESS_TZ): checked on every request, shown by the booking dialog. */
  bookingHours: BusinessHours;
}

/** Meetings booked from the public site, and their administration (spec 01). */
export const bookingsModule = defineServiceModule({
  name: 'bookings',
  services: ({ pool, store, config }): BookingsServices => ({
    bookings: createBookingsService({ pool, store, businessTimeZone: config.businessTimeZone }),
    bookingHours: { timeZone: config.businessTimeZone, days: [...config.businessDays] },
  }),
  routers: { bookings: bookingsRouter },
  routes: registerBookingRoutes,
});
