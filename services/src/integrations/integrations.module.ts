import { defineServiceModule } from '../app/service-module.ts';
import { registerMarketplaceRoutes } from './marketplace/marketplace.routes.ts';
import { createMarketplaceService, type MarketplaceService } from './marketplace/marketplace.service.ts';
import { integrationsRouter } from './marketplace/procedures/_router.ts';

export interface IntegrationsServices {
  /** The Integration Marketplace: catalog, install → configure → active/inactive, calendar feed, SMTP health, summary cards. */
  marketplace: MarketplaceService;
}

/** The Integrations area's marketplace (issue 15; docs/INTEGRATIONS.md, "Marketplace"). */
export const integrationsModule = defineServiceModule({
  name: 'integrations',
  services: ({ pool, store, now, config, secrets }): IntegrationsServices => ({
    marketplace: createMarketplaceService({ pool, store, now, smtpUrl: config.smtpUrl, publicUrl: config.publicUrl, secrets }),
  }),
  routers: { integrations: integrationsRouter },
  routes: registerMarketplaceRoutes,
});
