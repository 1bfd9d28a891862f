import { defineServiceModule } from '../app/service-module.ts';
import { registerDealsRoutes } from './deals.routes.ts';
import { createDealsService, type DealsService } from './deals.service.ts';
import { dealsRouter } from './procedures/_router.ts';

export interface DealsServices {
  deals: DealsService;
}

/** Deals and the pipeline (spec 02 §3; docs/CRM.md "Deals and the pipeline"). */
export const dealsModule = defineServiceModule({
  name: 'deals',
  services: ({ pool, store, now }): DealsServices => ({ deals: createDealsService({ pool, store, now }) }),
  routers: { deals: dealsRouter },
  routes: registerDealsRoutes,
});
