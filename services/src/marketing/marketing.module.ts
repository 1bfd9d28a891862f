import { defineServiceModule } from '../app/service-module.ts';
import { createCampaignsService, type CampaignsService } from './campaigns.service.ts';
import { createLeadFormsService, type LeadFormsService } from './lead-forms.service.ts';
import { registerMarketingRoutes } from './marketing.routes.ts';
import { createMarketingAnalyticsService, type MarketingAnalyticsService } from './analytics.service.ts';
import { registerMarketingAnalyticsRoutes } from './analytics.routes.ts';
import { marketingRouter } from './procedures/_router.ts';
import { formTokensOf } from './form-token.ts';
import { createPublicFormsService, type PublicFormsService } from './public-forms.service.ts';
import { registerPublicFormRoutes } from './public-forms.routes.ts';
import { registerEmbedRoutes } from './embed.routes.ts';
import { createSubmissionsService, type SubmissionsService } from './submissions.service.ts';
import { registerSubmissionRoutes } from './submissions.routes.ts';

export interface MarketingServices {
  /** Campaigns: profile, lifecycle, cost entries, figures from attributed leads. */
  campaigns: CampaignsService;
  /** Lead capture forms: definition, publishing, counts. */
  leadForms: LeadFormsService;
  /** The summary cards and the Analytics tab (reads). */
  marketingAnalytics: MarketingAnalyticsService;
  /** The public form endpoints: serve a form with its token, count views, take submissions (leads). */
  publicForms: PublicFormsService;
  /** The Form Submissions tab and its CSV export (reads). */
  submissions: SubmissionsService;
}

/** Marketing (issue 16; docs/MARKETING.md): campaigns, lead capture forms, submissions, analytics. */
export const marketingModule = defineServiceModule({
  name: 'marketing',
  services: ({ pool, store, now, config, publicUrl, secrets }, app): MarketingServices => ({
    campaigns: createCampaignsService({ pool, store }),
    leadForms: createLeadFormsService({ pool, store }),
    marketingAnalytics: createMarketingAnalyticsService({ pool, now, timeZone: config.businessTimeZone }),
    publicForms: createPublicFormsService({ pool, store, customers: app.customers, tokens: formTokensOf(secrets), minFillSeconds: config.formMinFillSeconds, publicUrl }),
    submissions: createSubmissionsService({ pool, store, timeZone: config.businessTimeZone }),
  }),
  routers: { marketing: marketingRouter },
  routes(http, services) {
    registerMarketingRoutes(http, services);
    registerMarketingAnalyticsRoutes(http, services);
    registerPublicFormRoutes(http, services);
    registerSubmissionRoutes(http, services);
    registerEmbedRoutes(http, services);
  },
});
