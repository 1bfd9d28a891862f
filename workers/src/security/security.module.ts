import { MAIL_QUEUE, type SendEmailJob } from '@crm/contracts';
import { defineWorkerModule } from '../platform/worker-module.ts';
import { countryOfIp } from './country-of.ts';
import { createAlertMailer } from './security-alert-mailer.ts';
import { securityDetectorsReactor } from './security-detectors.reactor.ts';

/**
 * Security detectors: alerts raised from the event stream, and the mails of new high or critical alerts to the
 * admins. One reactor (each reactor holds a pool connection for its lock).
 */
export const securityWorkerModule = defineWorkerModule({
  name: 'security',
  reactors: ({ store, pool, queues, config, log }) => {
    // The detectors keep their state in PostgreSQL and find the admins through the users read model.
    if (!pool) return [];
    const mailQueue = queues.queue<SendEmailJob>(MAIL_QUEUE);
    const mailer = createAlertMailer({ store, pool, mailQueue, log, publicUrl: config.publicUrl });
    return [securityDetectorsReactor({ store, pool, log, env: { countryOf: countryOfIp }, mailer })];
  },
});
