/**
 * The visitor's booking mails, each with its calendar invitation, enqueued on MAIL_QUEUE: the mails of a reactor
 * batch as `send-email-batch` jobs (id `mails-<first event id>-<last>`; a lone mail as `mail-<event id>`), so a
 * replay or a retried batch never enqueues twice and the mail worker records a batch in one transaction:
 * - BookingRequested → "thank you for your request" (METHOD:REQUEST, STATUS:TENTATIVE, SEQUENCE 0);
 * - BookingConfirmed → "your meeting is confirmed" (METHOD:REQUEST, STATUS:CONFIRMED);
 * - BookingCancelled → "your meeting is cancelled" (METHOD:CANCEL, STATUS:CANCELLED).
 * Later mails carry the same UID and the changing event's stream revision as SEQUENCE. The reactor gathers
 * (the booking's request from its stream); rendering is pure (booking-confirmation.mail.ts).
 */
import { type EventStore, type RecordedEvent, type SendEmailJob, bookingEventSchemas, bookingStreamId } from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';
import { enqueueMails } from '../mail/send-email.job.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import { forEachInStreamOrder } from '../reactors/in-stream-order.ts';
import type { Reactor } from '../reactors/reactor-runner.ts';
import {
  type BookingMailOptions,
  type BookingRequestedData,
  renderBookingConfirmationMail,
  renderBookingStatusMail,
} from './booking-confirmation.mail.ts';

export const BOOKING_CONFIRMATION_REACTOR = 'booking-confirmation-mail';
/** Least time between two batches of the booking mail reactor (reactor-runner.ts `minBatchIntervalMs`). */
export const BOOKING_MAIL_BATCH_INTERVAL_MS = 100;

export interface BookingConfirmationReactorDeps {
  mailQueue: AppQueue<SendEmailJob>;
  mail: BookingMailOptions;
  log: WorkerLogger;
  /** Reads a confirmed or cancelled booking's stream for its request (name, e-mail, slot, language). */
  store: Pick<EventStore, 'readStream'>;
  /** Clock for the "meeting already started" check (tests). */
  now?: () => Date;
}

export function bookingConfirmationReactor(deps: BookingConfirmationReactorDeps): Reactor {
  const { mailQueue, mail, log, store } = deps;
  const now = deps.now ?? (() => new Date());

  const parse = <T extends keyof typeof bookingEventSchemas>(type: T, event: RecordedEvent) => {
    const parsed = bookingEventSchemas[type].schema.safeParse(event.data);
    // A malformed event will never become valid: report it and move on rather than block the reactor.
    if (!parsed.success) log.error({ eventId: event.id, issues: parsed.error.issues }, `${type} event does not match its schema; no mail`);
    return parsed.success ? (parsed.data as ReturnType<(typeof bookingEventSchemas)[T]['schema']['parse']>) : null;
  };

  /** Replaying old history (first deployment, reset checkpoint): never mail about a meeting already started. */
  const started = (eventId: string, data: BookingRequestedData) => {
    if (new Date(data.startsAt).getTime() > now().getTime()) return false;
    log.info({ eventId, bookingId: data.bookingId }, 'meeting already started; booking mail skipped');
    return true;
  };

  const requestOf = async (bookingId: string): Promise<BookingRequestedData | null> => {
    const first = (await store.readStream(bookingStreamId(bookingId))).find((e) => e.type === 'BookingRequested');
    return first ? parse('BookingRequested', first) : null;
  };

  const handleRequested = (event: RecordedEvent): SendEmailJob | null => {
    const data = parse('BookingRequested', event);
    if (!data || started(event.id, data)) return null;
    return renderBookingConfirmationMail({ id: event.id, data }, mail);
  };

  const handleChange = async (event: RecordedEvent, kind: 'confirmed' | 'cancelled'): Promise<SendEmailJob | null> => {
    const change = kind === 'confirmed' ? parse('BookingConfirmed', event) : parse('BookingCancelled', event);
    if (!change) return null;
    const requested = await requestOf(change.bookingId);
    if (!requested) {
      log.error({ eventId: event.id, bookingId: change.bookingId }, 'booking stream has no BookingRequested; no mail');
      return null;
    }
    if (started(event.id, requested)) return null;
    const at = 'confirmedAt' in change ? change.confirmedAt : change.cancelledAt;
    return renderBookingStatusMail({ id: event.id, kind, sequence: event.streamVersion, at }, requested, mail);
  };

  return {
    name: BOOKING_CONFIRMATION_REACTOR,
    // Under load, a batch every 100 ms: its mails go out as one job of up to 128 rather than a job per one or two.
    minBatchIntervalMs: BOOKING_MAIL_BATCH_INTERVAL_MS,
    async handle(events) {
      // Rendered 8 bookings at a time (a confirmation reads its booking's stream), each booking's events in
      // order; then enqueued together: one BullMQ add (a transaction) per batch of mails, not per mail.
      const mails: SendEmailJob[] = [];
      await forEachInStreamOrder(events, 8, async (event) => {
        const rendered =
          event.type === 'BookingRequested'
            ? handleRequested(event)
            : event.type === 'BookingConfirmed'
              ? await handleChange(event, 'confirmed')
              : event.type === 'BookingCancelled'
                ? await handleChange(event, 'cancelled')
                : null;
        if (rendered) mails.push(rendered);
      });
      await enqueueMails(mailQueue, mails);
      if (mails.length) log.info({ mails: mails.length, first: mails[0]!.causationEventId }, 'booking mails enqueued');
    },
  };
}
