/**
 * BookingRequested → the visitor's confirmation mail (with a calendar invitation), enqueued on MAIL_QUEUE with
 * the job id `mail-<event id>`: a replay or a retried batch never enqueues twice.
 */
import { type RecordedEvent, type SendEmailJob, bookingEventSchemas } from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';
import { enqueueMail } from '../mail/send-email.job.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import type { Reactor } from '../reactors/reactor-runner.ts';
import { type BookingMailOptions, renderBookingConfirmationMail } from './booking-confirmation.mail.ts';

export const BOOKING_CONFIRMATION_REACTOR = 'booking-confirmation-mail';

export interface BookingConfirmationReactorDeps {
  mailQueue: AppQueue<SendEmailJob>;
  mail: BookingMailOptions;
  log: WorkerLogger;
  /** Clock for the "meeting already started" check (tests). */
  now?: () => Date;
}

export function bookingConfirmationReactor(deps: BookingConfirmationReactorDeps): Reactor {
  const { mailQueue, mail, log } = deps;
  const now = deps.now ?? (() => new Date());
  const { schema } = bookingEventSchemas.BookingRequested;

  const handleOne = async (event: RecordedEvent) => {
    const parsed = schema.safeParse(event.data);
    if (!parsed.success) {
      // A malformed event will never become valid: report it and move on rather than block the reactor.
      log.error({ eventId: event.id, issues: parsed.error.issues }, 'BookingRequested event does not match its schema; no mail');
      return;
    }
    if (new Date(parsed.data.startsAt).getTime() <= now().getTime()) {
      // Replaying old history (first deployment, reset checkpoint): never invite anyone to a past meeting.
      log.info({ eventId: event.id, bookingId: parsed.data.bookingId }, 'meeting already started; confirmation mail skipped');
      return;
    }
    const job = renderBookingConfirmationMail({ id: event.id, data: parsed.data }, mail);
    await enqueueMail(mailQueue, job);
    log.info({ eventId: event.id, bookingId: parsed.data.bookingId }, 'booking confirmation mail enqueued');
  };

  return {
    name: BOOKING_CONFIRMATION_REACTOR,
    async handle(events) {
      for (const event of events) {
        if (event.type === 'BookingRequested') await handleOne(event);
      }
    },
  };
}
