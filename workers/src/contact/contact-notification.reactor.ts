/**
 * ContactMessageReceived → a notification mail to the sales inbox (SALES_EMAIL), enqueued on MAIL_QUEUE with the
 * job id `mail-<event id>`: a replay or a retried batch never enqueues twice. Messages received more than 7 days
 * before they are handled (a reset checkpoint replaying history) are skipped: they are no longer news.
 */
import { type RecordedEvent, type SendEmailJob, contactEventSchemas } from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';
import { enqueueMail } from '../mail/send-email.job.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import type { Reactor } from '../reactors/reactor-runner.ts';
import { renderContactNotificationMail } from './contact-notification.mail.ts';

export const CONTACT_NOTIFICATION_REACTOR = 'contact-notification-mail';
export const CONTACT_NOTIFICATION_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export interface ContactNotificationReactorDeps {
  mailQueue: AppQueue<SendEmailJob>;
  /** The sales inbox. */
  salesEmail: string;
  log: WorkerLogger;
  now?: () => Date;
}

export function contactNotificationReactor(deps: ContactNotificationReactorDeps): Reactor {
  const { mailQueue, salesEmail, log } = deps;
  const now = deps.now ?? (() => new Date());
  const { schema } = contactEventSchemas.ContactMessageReceived;

  const handleOne = async (event: RecordedEvent) => {
    const parsed = schema.safeParse(event.data);
    if (!parsed.success) {
      log.error({ eventId: event.id, issues: parsed.error.issues }, 'ContactMessageReceived event does not match its schema; no mail');
      return;
    }
    if (now().getTime() - Date.parse(parsed.data.receivedAt) > CONTACT_NOTIFICATION_MAX_AGE_MS) {
      log.info({ eventId: event.id }, 'contact message older than 7 days; notification skipped');
      return;
    }
    await enqueueMail(mailQueue, renderContactNotificationMail({ id: event.id, data: parsed.data }, { to: salesEmail }));
    log.info({ eventId: event.id, messageId: parsed.data.messageId }, 'contact notification mail enqueued');
  };

  return {
    name: CONTACT_NOTIFICATION_REACTOR,
    async handle(events) {
      for (const event of events) {
        if (event.type === 'ContactMessageReceived') await handleOne(event);
      }
    },
  };
}
