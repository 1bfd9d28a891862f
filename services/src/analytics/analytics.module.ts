import { defineServiceModule } from '../app/service-module.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService, type AnalyticsService } from './analytics.service.ts';

export interface AnalyticsServices {
  analytics: AnalyticsService;
}

/** The public site's consented page-view analytics. */
export const analyticsModule = defineServiceModule({
  name: 'analytics',
  services: ({ store, now }): AnalyticsServices => ({ analytics: createAnalyticsService({ store, now }) }),
  routes: registerAnalyticsRoutes,
});
