import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { defineWorkerModule } from '../platform/worker-module.ts';
import { countryOfIp } from './country-of.ts';
import { securityAlertMailReactor } from './security-alert-mail.reactor.ts';
import { securityDetectorsReactor } from './security-detectors.reactor.ts';

/** Security detectors (alerts raised from the event stream) and the mails of new high or critical alerts. */
export const securityWorkerModule = defineWorkerModule({
  name: 'security',
  reactors: ({ store, pool, queues, config, log }) => {
    if (!pool) return [];
    const mailQueue = queues.queue<SendEmailJob>(MAIL_QUEUE);
    return [
      securityDetectorsReactor({ store, pool, log, env: { countryOf: countryOfIp } }),
      securityAlertMailReactor({ store, pool, mailQueue, log, publicUrl: config.publicUrl }),
    ];
  },
});
