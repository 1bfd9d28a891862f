import { defineServiceModule } from '../../app/service-module.ts';
import { registerApiKeyRoutes } from './api-keys.routes.ts';
import { createApiKeysService, type ApiKeysService } from './api-keys.service.ts';
import { apiKeysRouter } from './procedures/_router.ts';

export interface ApiKeysServices {
  /** API keys: create, revoke, list; authentication, rate limit and usage of REST requests made with a key. */
  apiKeys: ApiKeysService;
}

/** How often the usage counts (last used, count) are written. */
const USAGE_FLUSH_MS = 2000;

/** API keys (issue 15; docs/INTEGRATIONS.md, "API keys"). */
export const apiKeysModule = defineServiceModule({
  name: 'apiKeys',
  services: ({ pool, store, now, config }, app): ApiKeysServices => ({
    apiKeys: createApiKeysService({ pool, store, now, loadUser: (id) => app.accounts.load(id), rateLimit: config.apiKeyRateLimit }),
  }),
  routers: { apiKeys: apiKeysRouter },
  routes: registerApiKeyRoutes,
  start(services, deps) {
    const timer = setInterval(() => {
      services.apiKeys.flushUsage().catch((err: unknown) => deps.log.warn({ err }, 'API key usage flush failed'));
    }, USAGE_FLUSH_MS);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await services.apiKeys.flushUsage().catch(() => {});
    };
  },
});
