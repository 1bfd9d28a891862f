import { defineServiceModule } from '../app/service-module.ts';
import { registerBookingRoutes } from './bookings.routes.ts';
import { createBookingsService, type BookingsService } from './bookings.service.ts';
import { bookingsRouter } from './procedures/_router.ts';

export interface BookingsServices {
  bookings: BookingsService;
}

/** Meetings booked from the public site, and their administration (spec 01). */
export const bookingsModule = defineServiceModule({
  name: 'bookings',
  services: ({ pool, store, config }): BookingsServices => ({
    bookings: createBookingsService({ pool, store, businessTimeZone: config.businessTimeZone }),
  }),
  routers: { bookings: bookingsRouter },
  routes: registerBookingRoutes,
});
