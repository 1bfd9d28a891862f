import { z } from 'zod';
import type { LeadSource } from '../crm/crm.constants.ts';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, type CampaignAction, type CampaignStatus, type CampaignType, type FormChannel, type FormField, type FormSettings, type SpamReason } from './marketing.constants.ts';
import type { SubmissionData } from './lead-form.submission.ts';

/** Spec 02 §3 Campaign, with figures computed from attributed leads, their deals and the cost entries. */
export interface CampaignView {
  id: string;
  name: string;
  description: string | null;
  type: CampaignType;
  status: CampaignStatus;
  /** The lifecycle buttons this status allows. */
  actions: CampaignAction[];
  budget: number;
  /** Sum of the cost entries. */
  spent: number;
  targetAudience: Record<string, string>;
  startDate: string | null;
  endDate: string | null;
  utmCampaign: string;
  /** Leads attributed to it (created by one of its submissions). */
  leadsGenerated: number;
  /** Of those, how many are customers now. */
  customersWon: number;
  /** customersWon / leadsGenerated, percent. */
  conversionRate: number;
  /** Value of the won deals of its leads. */
  wonValue: number;
  /** (wonValue − spent) / spent, percent; null ("—") while nothing was spent. */
  roi: number | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CampaignCostView {
  id: string;
  campaignId: string;
  amount: number;
  date: string;
  note: string | null;
  recordedBy: string | null;
  recordedAt: string;
}

export interface CampaignLeadView {
  customerId: string;
  name: string;
  email: string | null;
  status: string;
  formId: string | null;
  formName: string | null;
  attributedAt: string;
  deals: { id: string; title: string; stage: string; value: number }[];
}

export interface CampaignDetail extends CampaignView {
  costs: CampaignCostView[];
  leads: CampaignLeadView[];
  forms: { id: string; name: string; slug: string }[];
}

/** Spec 02 §3 LeadForm, with its public address and counts. */
export interface LeadFormView {
  id: string;
  slug: string;
  name: string;
  title: string;
  description: string | null;
  fields: FormField[];
  settings: FormSettings;
  isActive: boolean;
  campaignId: string | null;
  campaignName: string | null;
  allowedOrigins: string[];
  views: number;
  submissionsCount: number;
  spamCount: number;
  leadsCreated: number;
  /** submissionsCount / views, percent (0 without views). */
  conversionRate: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Spec 02 §3 FormSubmission, plus what became of it. */
export interface FormSubmissionView {
  id: string;
  formId: string;
  formName: string;
  submissionData: SubmissionData | Record<string, unknown>;
  channel: FormChannel;
  ipAddress: string | null;
  userAgent: string | null;
  referrerUrl: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  campaignId: string | null;
  campaignName: string | null;
  customerId: string | null;
  customerName: string | null;
  leadCreated: boolean;
  leadSource: LeadSource | null;
  spam: boolean;
  spamReason: SpamReason | null;
  createdAt: string;
}

/** A page of campaigns (newest first) and how many match the filters. */
export interface CampaignListResult {
  campaigns: CampaignView[];
  total: number;
  page: number;
  limit: number;
}

/** A page of forms (newest first) and how many match the filters. */
export interface LeadFormListResult {
  forms: LeadFormView[];
  total: number;
  page: number;
  limit: number;
}

/** Every campaign by name: the choices of a campaign picker or filter. */
export interface CampaignOption {
  id: string;
  name: string;
}

/** Every form (not deleted) by name, with its fields: a form filter's choices, and how to read its answers. */
export interface LeadFormOption {
  id: string;
  name: string;
  fields: FormField[];
}

export interface SubmissionListResult {
  submissions: FormSubmissionView[];
  total: number;
  page: number;
  limit: number;
  /** Spam count under the same filters (the "spam" tab's badge). */
  spamTotal: number;
}

/** A count (campaigns, leads, views, submissions…). */
const count = z.number().int();

/**
 * Spec 02 §3 "Marketing summary" (the four cards), computed: tRPC `marketing.analytics.summary`, REST
 * `GET /api/marketing/summary` (`{ success, summary }`, documented with this schema in the OpenAPI document).
 */
export const marketingSummarySchema = z.object({
  totalCampaigns: count,
  activeCampaigns: count,
  totalBudget: z.number(),
  totalSpent: z.number(),
  totalLeads: count,
  /** Mean of the campaigns' conversion rates (those with leads), percent. */
  avgConversionRate: z.number(),
  /** Mean ROI of the campaigns with spend, percent; null when none has spend. */
  avgROI: z.number().nullable(),
  topPerformingCampaign: z.object({ id: z.string(), name: z.string(), roi: z.number() }).nullable(),
});
export type MarketingSummary = z.output<typeof marketingSummarySchema>;

/** One of the Analytics tab's top campaigns: CampaignView's figures (same meaning; checked against it). */
const topCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  status: z.enum(CAMPAIGN_STATUSES),
  /** (wonValue − spent) / spent, percent; null ("—") while nothing was spent. */
  roi: z.number().nullable(),
  /** Sum of the cost entries. */
  spent: z.number(),
  /** Value of the won deals of its leads. */
  wonValue: z.number(),
  /** Leads attributed to it (created by one of its submissions). */
  leadsGenerated: count,
}) satisfies z.ZodType<Pick<CampaignView, 'id' | 'name' | 'type' | 'status' | 'roi' | 'spent' | 'wonValue' | 'leadsGenerated'>, unknown>;

/** One of the Analytics tab's top forms: LeadFormView's figures (same meaning; checked against it). */
const topFormSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  views: count,
  submissionsCount: count,
  /** submissionsCount / views, percent (0 without views). */
  conversionRate: z.number(),
}) satisfies z.ZodType<Pick<LeadFormView, 'id' | 'name' | 'slug' | 'views' | 'submissionsCount' | 'conversionRate'>, unknown>;

/**
 * The Analytics tab: tRPC `marketing.analytics.report`, REST `GET /api/marketing/analytics?months=`
 * (`{ success, analytics }`, documented with this schema in the OpenAPI document).
 */
export const marketingAnalyticsSchema = z.object({
  topCampaigns: z.array(topCampaignSchema),
  topForms: z.array(topFormSchema),
  /** Visits (page views and form views) and leads per source: utm_source, else the referrer's host, else "direct". */
  trafficSources: z.array(z.object({ source: z.string(), visits: count, submissions: count, leads: count })),
  /** One row per month (yyyy-MM), oldest first, the current month last. */
  monthly: z.array(z.object({ month: z.string(), leads: count, customersWon: count, spend: z.number(), submissions: count })),
});
export type MarketingAnalytics = z.output<typeof marketingAnalyticsSchema>;

/** `GET /api/forms/{slug}`: what a visitor's page needs, nothing internal. */
export interface PublicFormView {
  slug: string;
  title: string;
  description: string | null;
  fields: FormField[];
  redirectUrl: string | null;
  /** Whether the page may count a view / load analytics (the form's analytics integration). */
  analytics: boolean;
}
