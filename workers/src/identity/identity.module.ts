import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { defineWorkerModule } from '../platform/worker-module.ts';
import { accountSecurityReactor } from './account-security.reactor.ts';

/** Account mails that follow events: e-mail and password changes. */
export const identityWorkerModule = defineWorkerModule({
  name: 'identity',
  reactors: ({ store, queues, log }) => [accountSecurityReactor({ store, mailQueue: queues.queue<SendEmailJob>(MAIL_QUEUE), log })],
});
