import { defineServiceModule } from '../../app/service-module.ts';
import { apiLogConfig } from './api-log.config.ts';
import { registerApiLogHook } from './api-log.hook.ts';
import { apiLogsRouter } from './procedures/_router.ts';
import { registerApiLogsRoutes } from './api-logs.routes.ts';
import { createApiLogsService, type ApiLogsService } from './api-logs.service.ts';

export interface ApiLogsServices {
  apiLogs: ApiLogsService;
}

/**
 * API logs (issue 15): every request made with an API key is recorded by a response hook into a batch writer
 * (flushed every 250 ms or 500 rows, and on stop); a periodic sweep deletes rows older than
 * API_LOG_RETENTION_DAYS. The Security Center's retention check reads the configured period.
 */
export const apiLogsModule = defineServiceModule({
  name: 'integrations-api-logs',
  services: ({ pool, now, log }): ApiLogsServices => ({
    apiLogs: createApiLogsService({
      pool,
      now,
      retentionDays: apiLogConfig().retentionDays,
      onWriteError: (err, rows) => log.error({ err, rows }, 'API log batch not written'),
    }),
  }),
  routers: { apiLogs: apiLogsRouter },
  routes(http, services) {
    if (apiLogConfig().enabled) registerApiLogHook(http, services.apiLogs);
    registerApiLogsRoutes(http, services);
  },
  start(services, { log }) {
    const { apiLogs } = services;
    const sweep = () =>
      apiLogs
        .sweep()
        .then((n) => n > 0 && log.info({ deleted: n }, 'API log rows past retention deleted'))
        .catch((err: unknown) => log.error({ err }, 'API log retention sweep failed'));
    const ready = apiLogs.ensureSchema().then(sweep, (err: unknown) => log.error({ err }, 'API log table not created'));
    const timer = setInterval(() => void sweep(), apiLogConfig().sweepMinutes * 60_000).unref();
    return async () => {
      clearInterval(timer);
      await ready;
      await apiLogs.writer.stop();
    };
  },
});
