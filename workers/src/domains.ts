/**
 * Every domain of the worker role: its reactors and its queue workers. The worker role starts what this list
 * holds (start-reactors.ts, start-workers.ts); adding a domain's reactors or jobs is one line here
 * (docs/ADDING-A-DOMAIN.md).
 */
import { bookingsWorkerModule } from './bookings/bookings.module.ts';
import { contactWorkerModule } from './contact/contact.module.ts';
import { identityWorkerModule } from './identity/identity.module.ts';
import { mailWorkerModule } from './mail/mail.module.ts';
import type { WorkerModule } from './platform/worker-module.ts';
import { securityWorkerModule } from './security/security.module.ts';
import { webhooksWorkerModule } from './integrations/webhooks/webhooks.module.ts';
import { slackWorkerModule } from './integrations/slack/slack.module.ts';
import { marketingWorkerModule } from './marketing/marketing.module.ts';

export const workerModules: readonly WorkerModule[] = [mailWorkerModule, bookingsWorkerModule, identityWorkerModule, contactWorkerModule, securityWorkerModule, webhooksWorkerModule, slackWorkerModule, marketingWorkerModule];
