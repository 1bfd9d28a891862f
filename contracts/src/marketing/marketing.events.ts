import { z } from 'zod';
import { LEAD_SOURCES } from '../crm/crm.constants.ts';
import { auditedEvent, auditState } from '../platform/audit.ts';
import { LOCALES } from '../platform/locale.ts';
import { CAMPAIGN_ACTIONS, CAMPAIGN_STATUSES, CAMPAIGN_TYPES, FORM_CHANNELS, FORM_FIELD_TYPES, SPAM_REASONS } from './marketing.constants.ts';

/**
 * Marketing (issue 16). Streams: `campaign-<id>` (one campaign: profile, lifecycle, cost entries),
 * `leadform-<id>` (one lead form: definition, active flag), `form-submission-<id>` (one submission, real or
 * spam: written once), `leadform-views-YYYY-MM-DD` (the day's form views, append-only, no decider).
 */
export const campaignStreamId = (campaignId: string) => `campaign-${campaignId}`;
export const leadFormStreamId = (formId: string) => `leadform-${formId}`;
export const formSubmissionStreamId = (submissionId: string) => `form-submission-${submissionId}`;
export const formViewsStreamId = (viewedAt: Date) => `leadform-views-${viewedAt.toISOString().slice(0, 10)}`;

const id = z.string().uuid();
const actor = z.string().uuid().nullable();
const at = z.iso.datetime();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z.string().nullable();

export const campaignProfileV1 = z.object({
  name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  description: text,
  budget: z.number().nonnegative(),
  startDate: date.nullable(),
  endDate: date.nullable(),
  targetAudience: z.record(z.string(), z.string()),
  /** Lowercase utm_campaign value attributed to this campaign (unique among campaigns). */
  utmCampaign: z.string(),
});
export type CampaignProfile = z.infer<typeof campaignProfileV1>;

export const campaignCreatedV1 = campaignProfileV1.extend({ campaignId: id, createdAt: at, createdBy: actor });
export const campaignUpdatedV1 = z.object({ campaignId: id, changes: campaignProfileV1.partial(), updatedAt: at, updatedBy: actor });
/** A lifecycle step (the workflow trigger "campaign status changed"). */
export const campaignStatusChangedV1 = z.object({
  campaignId: id,
  action: z.enum(CAMPAIGN_ACTIONS),
  from: z.enum(CAMPAIGN_STATUSES),
  to: z.enum(CAMPAIGN_STATUSES),
  changedAt: at,
  changedBy: actor,
});
export const campaignCostRecordedV1 = z.object({
  campaignId: id,
  costId: id,
  amount: z.number().positive(),
  date,
  note: text,
  recordedAt: at,
  recordedBy: actor,
});
export const campaignCostRemovedV1 = z.object({ campaignId: id, costId: id, amount: z.number(), removedAt: at, removedBy: actor });

export const formFieldV1 = z.object({
  name: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  placeholder: text,
  required: z.boolean(),
  options: z.array(z.string()),
});
export const formSettingsV1 = z.object({
  redirectUrl: text,
  notifications: z.array(z.string()),
  autoResponder: z.object({ enabled: z.boolean(), subject: z.string(), message: z.string() }),
  integrations: z.object({ crm: z.boolean(), email: z.boolean(), analytics: z.boolean() }),
});
export const leadFormDefinitionV1 = z.object({
  name: z.string(),
  title: z.string(),
  description: text,
  fields: z.array(formFieldV1),
  settings: formSettingsV1,
  campaignId: id.nullable(),
  allowedOrigins: z.array(z.string()),
});
export type LeadFormDefinition = z.infer<typeof leadFormDefinitionV1>;

export const leadFormCreatedV1 = leadFormDefinitionV1.extend({ formId: id, slug: z.string(), isActive: z.boolean(), createdAt: at, createdBy: actor });
export const leadFormUpdatedV1 = z.object({ formId: id, changes: leadFormDefinitionV1.partial(), updatedAt: at, updatedBy: actor });
export const leadFormActivatedV1 = z.object({ formId: id, activatedAt: at, activatedBy: actor });
export const leadFormDeactivatedV1 = z.object({ formId: id, deactivatedAt: at, deactivatedBy: actor });
export const leadFormDeletedV1 = z.object({ formId: id, deletedAt: at, deletedBy: actor });

const utm = {
  utmSource: text,
  utmMedium: text,
  utmCampaign: text,
  utmTerm: text,
  utmContent: text,
};
const origin = {
  channel: z.enum(FORM_CHANNELS),
  referrer: text,
  ...utm,
};
const answers = z.record(z.string(), z.union([z.string(), z.array(z.string()), z.boolean()]));

/** A form was shown (one per served token; the hosted page sends it only with analytics consent). */
export const leadFormViewedV1 = z.object({ formId: id, viewId: id, ...origin, viewedAt: at });

/**
 * A real submission (the workflow trigger "form submitted"). `customerId` is the lead it created
 * (`leadCreated`) or the existing customer with that e-mail it updated; null when the form's crm integration is
 * off or it has no e-mail field. `campaignId`: the form's campaign, else the campaign whose utm_campaign matched.
 */
export const leadFormSubmittedV1 = z.object({
  submissionId: id,
  formId: id,
  formName: z.string(),
  campaignId: id.nullable(),
  data: answers,
  email: text,
  customerId: id.nullable(),
  leadCreated: z.boolean(),
  leadSource: z.enum(LEAD_SOURCES),
  ...origin,
  ipAddress: text,
  userAgent: text,
  submittedAt: at,
  /** The page's language (the auto-responder's); absent: en. */
  locale: z.enum(LOCALES).optional(),
});
/** A submission kept as spam: stored and counted, never a lead, never mailed. */
export const leadFormSpamReceivedV1 = z.object({
  submissionId: id,
  formId: id,
  formName: z.string(),
  reason: z.enum(SPAM_REASONS),
  data: z.record(z.string(), z.unknown()),
  ...origin,
  ipAddress: text,
  userAgent: text,
  receivedAt: at,
});

const campaignEntity = { entity: 'campaign', entityId: (d: { campaignId: string }) => d.campaignId } as const;
const formEntity = { entity: 'lead_form', entityId: (d: { formId: string }) => d.formId } as const;

export const marketingEventSchemas = {
  CampaignCreated: auditedEvent(1, campaignCreatedV1, {
    ...campaignEntity,
    action: 'CREATE',
    risk: 'low',
    state: (d) => ({ ...auditState.omit(d, 'campaignId', 'createdAt', 'createdBy'), status: 'draft' }),
  }),
  CampaignUpdated: auditedEvent(1, campaignUpdatedV1, { ...campaignEntity, action: 'UPDATE', risk: 'low', state: (d) => d.changes }),
  CampaignStatusChanged: auditedEvent(1, campaignStatusChangedV1, {
    ...campaignEntity,
    action: (d) => (d.to === 'active' ? 'ACTIVATE' : d.to === 'paused' || d.to === 'cancelled' ? 'DEACTIVATE' : 'UPDATE'),
    risk: 'low',
    state: (d) => ({ status: d.to }),
  }),
  CampaignCostRecorded: auditedEvent(1, campaignCostRecordedV1, { ...campaignEntity, action: 'UPDATE', risk: 'low', state: (d) => ({ [`cost:${d.costId}`]: d.amount }) }),
  CampaignCostRemoved: auditedEvent(1, campaignCostRemovedV1, { ...campaignEntity, action: 'UPDATE', risk: 'low', state: (d) => ({ [`cost:${d.costId}`]: null }) }),
  LeadFormCreated: auditedEvent(1, leadFormCreatedV1, {
    ...formEntity,
    action: 'CREATE',
    risk: 'low',
    state: (d) => auditState.omit(d, 'formId', 'createdAt', 'createdBy'),
  }),
  LeadFormUpdated: auditedEvent(1, leadFormUpdatedV1, { ...formEntity, action: 'UPDATE', risk: 'low', state: (d) => d.changes }),
  LeadFormActivated: auditedEvent(1, leadFormActivatedV1, { ...formEntity, action: 'ACTIVATE', risk: 'low', state: () => ({ isActive: true }) }),
  LeadFormDeactivated: auditedEvent(1, leadFormDeactivatedV1, { ...formEntity, action: 'DEACTIVATE', risk: 'low', state: () => ({ isActive: false }) }),
  LeadFormDeleted: auditedEvent(1, leadFormDeletedV1, { ...formEntity, action: 'DELETE', risk: 'low', state: () => ({ deleted: true }) }),
  LeadFormViewed: auditedEvent(1, leadFormViewedV1, { ...formEntity, action: 'READ', risk: 'low', state: () => ({}) }),
  LeadFormSubmitted: auditedEvent(1, leadFormSubmittedV1, {
    entity: 'form_submission',
    entityId: (d) => d.submissionId,
    action: 'SUBMIT',
    risk: 'low',
  }),
  LeadFormSpamReceived: auditedEvent(1, leadFormSpamReceivedV1, {
    entity: 'form_submission',
    entityId: (d) => d.submissionId,
    action: 'SUBMIT',
    outcome: 'warning',
    risk: 'low',
  }),
} as const;

type Schemas = typeof marketingEventSchemas;
export type MarketingEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];
export type CampaignEvent = Extract<MarketingEvent, { type: `Campaign${string}` }>;
export type LeadFormEvent = Extract<MarketingEvent, { type: 'LeadFormCreated' | 'LeadFormUpdated' | 'LeadFormActivated' | 'LeadFormDeactivated' | 'LeadFormDeleted' }>;
