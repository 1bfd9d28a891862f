import {
  campaignCostInput,
  campaignCostRemoveInput,
  campaignCreateInput,
  campaignListInput,
  campaignTransitionInput,
  campaignUpdateInput,
  leadFormCreateInput,
  leadFormListInput,
  leadFormUpdateInput,
  marketingAnalyticsInput,
  marketingIdInput,
  submissionListInput,
} from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import {
  addCampaignCostHandler,
  campaignDetailHandler,
  campaignOptionsHandler,
  createCampaignHandler,
  listCampaignsHandler,
  removeCampaignCostHandler,
  transitionCampaignHandler,
  updateCampaignHandler,
} from './campaigns.handlers.ts';
import { marketingReportHandler, marketingSummaryHandler } from './analytics.handlers.ts';
import { listSubmissionsHandler } from './submissions.handlers.ts';
import { createFormHandler, deleteFormHandler, formDetailHandler, formOptionsHandler, listFormsHandler, updateFormHandler } from './forms.handlers.ts';

/** Campaigns: reads with marketing:read, changes with marketing:manage. */
const campaignsRouter = router({
  list: procedure('marketing:read').input(campaignListInput).query(listCampaignsHandler),
  /** Every campaign's id and name (pickers and filters). */
  options: procedure('marketing:read').query(campaignOptionsHandler),
  detail: procedure('marketing:read').input(marketingIdInput).query(campaignDetailHandler),
  create: procedure('marketing:manage').input(campaignCreateInput).mutation(createCampaignHandler),
  update: procedure('marketing:manage').input(campaignUpdateInput).mutation(updateCampaignHandler),
  /** activate, pause, resume, complete, cancel (CAMPAIGN_TRANSITIONS). */
  transition: procedure('marketing:manage').input(campaignTransitionInput).mutation(transitionCampaignHandler),
  addCost: procedure('marketing:manage').input(campaignCostInput).mutation(addCampaignCostHandler),
  removeCost: procedure('marketing:manage').input(campaignCostRemoveInput).mutation(removeCampaignCostHandler),
});

/** Lead capture forms: reads with marketing:read, changes with marketing:manage. */
const formsRouter = router({
  list: procedure('marketing:read').input(leadFormListInput).query(listFormsHandler),
  /** Every form's id, name and fields (the submissions' filter and answers). */
  options: procedure('marketing:read').query(formOptionsHandler),
  detail: procedure('marketing:read').input(marketingIdInput).query(formDetailHandler),
  create: procedure('marketing:manage').input(leadFormCreateInput).mutation(createFormHandler),
  update: procedure('marketing:manage').input(leadFormUpdateInput).mutation(updateFormHandler),
  delete: procedure('marketing:manage').input(marketingIdInput).mutation(deleteFormHandler),
});

/** The summary cards and the Analytics tab (marketing:read). */
const analyticsRouter = router({
  summary: procedure('marketing:read').query(marketingSummaryHandler),
  report: procedure('marketing:read').input(marketingAnalyticsInput).query(marketingReportHandler),
});

/** `marketing.*` (issue 16): one namespace, a sub-router per tab. */
export const marketingRouter = router({
  campaigns: campaignsRouter,
  forms: formsRouter,
  analytics: analyticsRouter,
  /** The Form Submissions tab (marketing:read). */
  submissions: router({ list: procedure('marketing:read').input(submissionListInput).query(listSubmissionsHandler) }),
});
