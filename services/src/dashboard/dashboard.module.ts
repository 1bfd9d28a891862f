import { defineServiceModule } from '../app/service-module.ts';
import { registerDashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService, type DashboardService } from './dashboard.service.ts';
import { dashboardRouter } from './procedures/_router.ts';

export interface DashboardServices {
  dashboard: DashboardService;
}

/** The admin area's landing page: KPIs, charts and Recent Activity over the CRM read models (issue 13). */
export const dashboardModule = defineServiceModule({
  name: 'dashboard',
  services: ({ pool, now, config }): DashboardServices => ({ dashboard: createDashboardService({ pool, now, timeZone: config.businessTimeZone }) }),
  routers: { dashboard: dashboardRouter },
  routes: registerDashboardRoutes,
});
