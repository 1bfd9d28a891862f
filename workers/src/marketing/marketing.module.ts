import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { defineWorkerModule } from '../platform/worker-module.ts';
import { leadFormMailReactor } from './lead-form-mail.reactor.ts';

/** Lead-form submissions are mailed: the auto-responder and the form's notifications (needs the read models' pool). */
export const marketingWorkerModule = defineWorkerModule({
  name: 'marketing',
  reactors: ({ queues, pool, config, log }) => (pool ? [leadFormMailReactor({ mailQueue: queues.queue<SendEmailJob>(MAIL_QUEUE), pool, log, publicUrl: config.publicUrl })] : []),
});
