import { z } from 'zod';
import { CRM_LIMITS } from '../crm/crm.constants.ts';
import { DEFAULT_LOCALE, LOCALES } from '../platform/locale.ts';
import { entityId, money, oneOf, optionalText, pageLimit, pageNumber, requiredText, searchText } from '../crm/crm.input.ts';
import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  DEFAULT_FORM_FIELDS,
  DEFAULT_FORM_SETTINGS,
  FORM_CHANNELS,
  FORM_FIELD_TYPES,
  HONEYPOT_FIELD,
  MARKETING_LIMITS as L,
  OPTION_FIELD_TYPES,
  SPAM_REASONS,
  type FormField,
  type FormSettings,
} from './marketing.constants.ts';

/** A calendar date `yyyy-MM-dd` (a campaign's start and end, a cost's date). */
export const calendarDate = z
  .string({ error: 'must be a date (yyyy-MM-dd)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (yyyy-MM-dd)')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'must be a real date')
  .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', 'must be in the years 2000 to 2100');
const optionalDate = calendarDate.nullish().transform((v) => v ?? null);

/** utm_campaign values are compared lowercase: letters, digits, `-`, `_`, `.`. */
export const utmCode = z
  .string({ error: 'must be text' })
  .trim()
  .toLowerCase()
  .max(L.utm, `must be at most ${L.utm} characters`)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be letters, digits, dots, dashes or underscores');

/** Target audience: a small free object of text values (spec: "targetAudience (free object)"). */
export const targetAudience = z
  .record(z.string().trim().min(1).max(40, 'keys must be at most 40 characters'), z.string().trim().max(L.audienceValue, `values must be at most ${L.audienceValue} characters`), {
    error: 'must be an object of text values',
  })
  .refine((v) => Object.keys(v).length <= L.audienceEntries, `must have at most ${L.audienceEntries} entries`)
  .default({});

const campaignFields = {
  name: requiredText(L.name),
  description: optionalText(L.description),
  budget: money.default(0),
  startDate: optionalDate,
  endDate: optionalDate,
  targetAudience,
  /** The utm_campaign value whose visitors' leads are this campaign's (default: the name's slug). */
  utmCampaign: utmCode.nullish().transform((v) => v ?? null),
};
const datesInOrder = (v: { startDate?: string | null; endDate?: string | null }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;
const DATES_ISSUE = { message: 'must not be before the start date', path: ['endDate'] };

/** Create Campaign (tRPC `marketing.campaigns.create`, REST `POST /api/marketing/campaigns`). Starts as draft. */
export const campaignCreateInput = z
  .object({ ...campaignFields, type: z.enum(CAMPAIGN_TYPES, { error: oneOf(CAMPAIGN_TYPES) }) })
  .refine(datesInOrder, DATES_ISSUE);
export type CampaignCreateInput = z.output<typeof campaignCreateInput>;
export type CampaignCreatePayload = z.input<typeof campaignCreateInput>;

/** Edit Campaign: any subset of the fields (status has its own commands). */
export const campaignUpdateInput = z
  .object({
    id: entityId('campaign'),
    name: campaignFields.name.optional(),
    type: z.enum(CAMPAIGN_TYPES, { error: oneOf(CAMPAIGN_TYPES) }).optional(),
    description: campaignFields.description.optional(),
    budget: money.optional(),
    startDate: optionalDate.optional(),
    endDate: optionalDate.optional(),
    targetAudience: targetAudience.optional(),
    utmCampaign: campaignFields.utmCampaign.optional(),
  })
  .refine(datesInOrder, DATES_ISSUE);
export type CampaignUpdateInput = z.output<typeof campaignUpdateInput>;

/** Activate, pause, resume, complete or cancel (CAMPAIGN_TRANSITIONS). */
export const campaignTransitionInput = z.object({ id: entityId('campaign'), action: z.enum(CAMPAIGN_ACTIONS, { error: oneOf(CAMPAIGN_ACTIONS) }) });
export type CampaignTransitionInput = z.output<typeof campaignTransitionInput>;

/** A cost entry (spend) of a campaign. */
export const campaignCostInput = z.object({
  campaignId: entityId('campaign'),
  amount: money.refine((v) => v > 0, 'must be more than 0'),
  date: calendarDate,
  note: optionalText(L.costNote),
});
export type CampaignCostInput = z.output<typeof campaignCostInput>;
export const campaignCostRemoveInput = z.object({ campaignId: entityId('campaign'), costId: entityId('cost') });

export const campaignListInput = z.object({
  search: searchText,
  status: z.enum(CAMPAIGN_STATUSES, { error: oneOf(CAMPAIGN_STATUSES) }).optional(),
  type: z.enum(CAMPAIGN_TYPES, { error: oneOf(CAMPAIGN_TYPES) }).optional(),
  page: pageNumber,
  limit: pageLimit(CRM_LIMITS.pageSize),
});
export type CampaignListInput = z.output<typeof campaignListInput>;

export const marketingIdInput = z.object({ id: entityId('record') });

// ---- Lead forms ----

const fieldName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(L.fieldName, `must be at most ${L.fieldName} characters`)
  .regex(/^[a-z][a-z0-9_]*$/, 'must start with a lowercase letter and hold only lowercase letters, digits and underscores')
  .refine((v) => v !== HONEYPOT_FIELD, `must not be "${HONEYPOT_FIELD}"`);

export const formFieldInput = z
  .object({
    name: fieldName,
    type: z.enum(FORM_FIELD_TYPES, { error: oneOf(FORM_FIELD_TYPES) }),
    label: requiredText(L.label),
    placeholder: optionalText(L.placeholder),
    required: z.boolean({ error: 'must be true or false' }).default(false),
    options: z
      .array(z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(L.option, `must be at most ${L.option} characters`))
      .max(L.options, `must hold at most ${L.options} options`)
      .default([])
      .transform((o) => [...new Set(o)]),
  })
  .refine((f) => f.type !== 'select' && f.type !== 'radio' ? true : f.options.length > 0, { message: 'must list at least one option', path: ['options'] })
  .transform((f): FormField => ({ ...f, options: (OPTION_FIELD_TYPES as readonly string[]).includes(f.type) ? f.options : [] }));

export const formFieldsInput = z
  .array(formFieldInput, { error: 'must be a list of fields' })
  .min(1, 'must hold at least one field')
  .max(L.fields, `must hold at most ${L.fields} fields`)
  .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, 'field names must be unique');

/** A redirect after submitting: an absolute http(s) URL or a path on our site. */
const redirectUrl = z
  .string({ error: 'must be text' })
  .trim()
  .max(L.redirectUrl, `must be at most ${L.redirectUrl} characters`)
  .refine((v) => {
    if (v === '') return true;
    if (/^\/(?!\/)/.test(v)) return true;
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'must be a path starting with / or an http(s) URL')
  .nullish()
  .transform((v) => (v ? v : null));

const email = z.string({ error: 'must be text' }).trim().toLowerCase().max(CRM_LIMITS.email).pipe(z.email({ error: 'must be a valid e-mail address' }));

export const formSettingsInput = z.object({
  redirectUrl,
  notifications: z.array(email).max(L.notifications, `must hold at most ${L.notifications} addresses`).default([]),
  autoResponder: z
    .object({
      enabled: z.boolean({ error: 'must be true or false' }).default(true),
      subject: z.string({ error: 'must be text' }).trim().max(L.subject, `must be at most ${L.subject} characters`).default(DEFAULT_FORM_SETTINGS.autoResponder.subject),
      message: z.string({ error: 'must be text' }).trim().max(L.message, `must be at most ${L.message} characters`).default(DEFAULT_FORM_SETTINGS.autoResponder.message),
    })
    .default(DEFAULT_FORM_SETTINGS.autoResponder),
  integrations: z
    .object({ crm: z.boolean().default(true), email: z.boolean().default(true), analytics: z.boolean().default(true) })
    .default(DEFAULT_FORM_SETTINGS.integrations),
}) satisfies z.ZodType<FormSettings, unknown>;

/** An origin another site embeds the form from: `https://example.com` (scheme, host, optional port; nothing else). */
export const embedOrigin = z
  .string({ error: 'must be text' })
  .trim()
  .toLowerCase()
  .max(300)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'must be an origin such as https://example.com')
  .transform((v) => v.replace(/\/$/, ''));

const formFields = {
  name: requiredText(L.name),
  title: requiredText(L.title),
  description: optionalText(L.description),
  /** The campaign its leads are attributed to (else the submission's utm_campaign decides). */
  campaignId: entityId('campaign').nullish().transform((v) => v ?? null),
  allowedOrigins: z.array(embedOrigin).max(L.allowedOrigins, `must hold at most ${L.allowedOrigins} origins`).default([]),
};

/**
 * Create Form (tRPC `marketing.forms.create`, REST `POST /api/marketing/forms`): `{name, title, fields?, settings?,
 * isActive?}`; active unless `isActive: false`; the spec's default fields and settings when left out.
 */
export const leadFormCreateInput = z.object({
  ...formFields,
  fields: formFieldsInput.default(() => DEFAULT_FORM_FIELDS.map((f) => ({ ...f, options: [...f.options] }))),
  settings: formSettingsInput.optional(),
  isActive: z.boolean({ error: 'must be true or false' }).default(true),
});
export type LeadFormCreateInput = z.output<typeof leadFormCreateInput>;
export type LeadFormCreatePayload = z.input<typeof leadFormCreateInput>;

export const leadFormUpdateInput = z.object({
  id: entityId('form'),
  name: formFields.name.optional(),
  title: formFields.title.optional(),
  description: formFields.description.optional(),
  campaignId: formFields.campaignId.optional(),
  allowedOrigins: z.array(embedOrigin).max(L.allowedOrigins).optional(),
  fields: formFieldsInput.optional(),
  settings: formSettingsInput.optional(),
  isActive: z.boolean({ error: 'must be true or false' }).optional(),
});
export type LeadFormUpdateInput = z.output<typeof leadFormUpdateInput>;

export const leadFormListInput = z.object({
  search: searchText,
  /** `true` / `false` (a query string's text too): only published or only unpublished forms. */
  active: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
    .transform((v) => v === true || v === 'true')
    .optional(),
  page: pageNumber,
  limit: pageLimit(CRM_LIMITS.pageSize),
});
export type LeadFormListInput = z.output<typeof leadFormListInput>;

// ---- Public form endpoints ----

/** A form's public address: `/f/<slug>`, `GET /api/forms/{slug}`. */
export const formSlug = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(80, 'must be at most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a form slug');

const utmValue = z
  .string({ error: 'must be text' })
  .trim()
  .max(L.utm, `must be at most ${L.utm} characters`)
  .nullish()
  .transform((v) => (v ? v : null));

export const utmInput = {
  utmSource: utmValue,
  utmMedium: utmValue,
  utmCampaign: utmValue,
  utmTerm: utmValue,
  utmContent: utmValue,
};

/**
 * `POST /api/forms/{slug}/submissions`: `{formToken, data, utm…?, referrer?}`. `data` is checked against the
 * form's own fields by `checkSubmission` (issues under `data.<name>`); the honeypot key `website` must be empty.
 */
export const formSubmissionInput = z.object({
  formToken: z.string({ error: 'is required' }).min(1, 'is required').max(500, 'is not a form token'),
  data: z.record(z.string().max(100), z.unknown(), { error: 'must be an object of answers' }),
  ...utmInput,
  referrer: z
    .string({ error: 'must be text' })
    .trim()
    .max(L.referrer, `must be at most ${L.referrer} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  [HONEYPOT_FIELD]: z.string({ error: 'must be text' }).max(1000).nullish(),
  /** Where the form was filled in (hosted page, embed, or an integrator's call: the default). */
  channel: z.enum(FORM_CHANNELS, { error: oneOf(FORM_CHANNELS) }).default('api'),
  /** The page's language: the auto-responder's greeting and signature are written in it (default en). */
  locale: z
    .enum(LOCALES, { error: oneOf(LOCALES) })
    .nullish()
    .transform((l) => l ?? DEFAULT_LOCALE),
});
export type FormSubmissionInput = z.output<typeof formSubmissionInput>;

/** `POST /api/forms/{slug}/views`: one view per served token (the hosted page only with analytics consent). */
export const formViewInput = z.object({
  formToken: z.string({ error: 'is required' }).min(1, 'is required').max(500, 'is not a form token'),
  ...utmInput,
  referrer: formSubmissionInput.shape.referrer,
  channel: z.enum(FORM_CHANNELS, { error: oneOf(FORM_CHANNELS) }).default('hosted'),
});
export type FormViewInput = z.output<typeof formViewInput>;

export const submissionListInput = z.object({
  search: searchText,
  formId: entityId('form').optional(),
  campaignId: entityId('campaign').optional(),
  /** `only`: spam only; `exclude` (default): real submissions only. */
  spam: z.enum(['exclude', 'only'], { error: oneOf(['exclude', 'only']) }).default('exclude'),
  spamReason: z.enum(SPAM_REASONS, { error: oneOf(SPAM_REASONS) }).optional(),
  utmSource: z.string().trim().max(L.utm).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  page: pageNumber,
  limit: pageLimit(50),
});
export type SubmissionListInput = z.output<typeof submissionListInput>;

export const marketingAnalyticsInput = z.object({
  /** Months of trends, counting the current one. */
  months: z.coerce.number().int().min(1).max(24).default(6),
});
