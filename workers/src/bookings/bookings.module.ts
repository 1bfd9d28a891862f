import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { defineWorkerModule } from '../platform/worker-module.ts';
import { bookingConfirmationReactor } from './booking-confirmation.reactor.ts';

/** A requested meeting is mailed to the visitor with its invitation (.ics). */
export const bookingsWorkerModule = defineWorkerModule({
  name: 'bookings',
  reactors: ({ queues, config, log }) => [
    bookingConfirmationReactor({
      mailQueue: queues.queue<SendEmailJob>(MAIL_QUEUE),
      mail: { from: config.mailFrom, businessTimeZone: config.businessTimeZone },
      log,
    }),
  ],
});
