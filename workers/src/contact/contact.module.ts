import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { defineWorkerModule } from '../platform/worker-module.ts';
import { contactNotificationReactor } from './contact-notification.reactor.ts';

/** Every contact message is mailed to the sales inbox (not run without SALES_EMAIL). */
export const contactWorkerModule = defineWorkerModule({
  name: 'contact',
  reactors: ({ queues, config, log }) =>
    config.salesEmail ? [contactNotificationReactor({ mailQueue: queues.queue<SendEmailJob>(MAIL_QUEUE), salesEmail: config.salesEmail, log })] : [],
});
