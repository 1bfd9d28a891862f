import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { defineWorkerModule } from '../platform/worker-module.ts';
import { bookingConfirmationReactor } from './booking-confirmation.reactor.ts';

/** The visitor is mailed when a meeting is requested, confirmed or cancelled, each with its invitation (.ics). */
export const bookingsWorkerModule = defineWorkerModule({
  name: 'bookings',
  reactors: ({ store, queues, config, log }) => [
    bookingConfirmationReactor({
      mailQueue: queues.queue<SendEmailJob>(MAIL_QUEUE),
      mail: { from: config.mailFrom, businessTimeZone: config.businessTimeZone },
      log,
      store,
    }),
  ],
});
