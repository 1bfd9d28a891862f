import { defineServiceModule } from '../app/service-module.ts';
import { createCampaignsService, type CampaignsService } from './campaigns.service.ts';
import { createLeadFormsService, type LeadFormsService } from './lead-forms.service.ts';
import { registerMarketingRoutes } from './marketing.routes.ts';
import { createMarketingAnalyticsService, type MarketingAnalyticsService } from './analytics.service.ts';
import { registerMarketingAnalyticsRoutes } from './analytics.routes.ts';
import { marketingRouter } from './procedures/_router.ts';

export interface MarketingServices {
  /** Campaigns: profile, lifecycle, cost entries, figures from attributed leads. */
  campaigns: CampaignsService;
  /** Lead capture forms: definition, publishing, counts. */
  leadForms: LeadFormsService;
  /** The summary cards and the Analytics tab (reads). */
  marketingAnalytics: MarketingAnalyticsService;
}

/** Marketing (issue 16; docs/MARKETING.md): campaigns, lead capture forms, submissions, analytics. */
export const marketingModule = defineServiceModule({
  name: 'marketing',
  services: ({ pool, store, now }): MarketingServices => ({
    campaigns: createCampaignsService({ pool, store }),
    leadForms: createLeadFormsService({ pool, store }),
    marketingAnalytics: createMarketingAnalyticsService({ pool, now }),
  }),
  routers: { marketing: marketingRouter },
  routes(http, services) {
    registerMarketingRoutes(http, services);
    registerMarketingAnalyticsRoutes(http, services);
  },
});
