import { defineServiceModule } from '../app/service-module.ts';
import { statusRouter } from './procedures/_router.ts';
import { runStatusChecks } from './status-checks.ts';
import { registerStatusRoutes } from './status.routes.ts';
import { createStatusService, type StatusPageService } from './status.service.ts';

export interface StatusServices {
  status: StatusPageService;
}

/** The public status page's data (its recorder runs in the platform: app/platform.ts). */
export const statusModule = defineServiceModule({
  name: 'status',
  services: ({ pool, store, mailQueue, apiUrl, now, config }): StatusServices => ({
    status: createStatusService({
      pool,
      check: () => runStatusChecks({ pool, store, mailQueue, apiUrl, now }),
      intervalSeconds: config.statusCheckIntervalSeconds,
      now,
    }),
  }),
  routers: { status: statusRouter },
  routes: registerStatusRoutes,
});
