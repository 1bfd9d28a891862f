import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { defineWorkerModule } from '../platform/worker-module.ts';
import { accountApprovalReactor } from './account-approval.reactor.ts';
import { accountSecurityReactor } from './account-security.reactor.ts';

/** Account mails that follow events: e-mail and password changes; registrations awaiting approval, approvals. */
export const identityWorkerModule = defineWorkerModule({
  name: 'identity',
  reactors: ({ store, pool, queues, config, log }) => {
    const mailQueue = queues.queue<SendEmailJob>(MAIL_QUEUE);
    return [
      accountSecurityReactor({ store, mailQueue, log }),
      // Without a pool (a caller starting reactors by hand) there is no way to find the admins: no approval mails.
      ...(pool ? [accountApprovalReactor({ store, pool, mailQueue, log, publicUrl: config.publicUrl })] : []),
    ];
  },
});
