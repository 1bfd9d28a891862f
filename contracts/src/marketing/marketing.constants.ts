/** Spec 02 "Marketing Dashboard" and §3 (Campaign, LeadForm, FormSubmission): enumerations, defaults, limits. */

export const CAMPAIGN_TYPES = ['email', 'social', 'paid_ads', 'content', 'event'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What a marketer does to a campaign's lifecycle; each is one button. */
export const CAMPAIGN_ACTIONS = ['activate', 'pause', 'resume', 'complete', 'cancel'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/**
 * The lifecycle (issue 16): draft → active ⇄ paused → completed, or cancelled from any state that is not final.
 * The decider enforces it; the web shows only the buttons this table allows.
 */
export const CAMPAIGN_TRANSITIONS: Readonly<Record<CampaignAction, { from: readonly CampaignStatus[]; to: CampaignStatus }>> = {
  activate: { from: ['draft'], to: 'active' },
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  complete: { from: ['active', 'paused'], to: 'completed' },
  cancel: { from: ['draft', 'active', 'paused'], to: 'cancelled' },
};

/** The actions allowed from `status` (in the table's order). */
export function campaignActionsFrom(status: CampaignStatus): CampaignAction[] {
  return CAMPAIGN_ACTIONS.filter((action) => CAMPAIGN_TRANSITIONS[action].from.includes(status));
}

export const FORM_FIELD_TYPES = ['text', 'email', 'phone', 'textarea', 'select', 'checkbox', 'radio'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
/** Types whose answer is one of `options` (checkbox: any number of them, or a single yes/no without options). */
export const OPTION_FIELD_TYPES = ['select', 'radio', 'checkbox'] as const satisfies readonly FormFieldType[];

/** The five UTM parameters, as query-string names and as the submission's JSON keys. */
export const UTM_PARAMS = [
  { query: 'utm_source', key: 'utmSource' },
  { query: 'utm_medium', key: 'utmMedium' },
  { query: 'utm_campaign', key: 'utmCampaign' },
  { query: 'utm_term', key: 'utmTerm' },
  { query: 'utm_content', key: 'utmContent' },
] as const;
export type UtmKey = (typeof UTM_PARAMS)[number]['key'];
export type Utm = { [K in UtmKey]: string | null };

/**
 * The honeypot: a top-level key of the public submission body, rendered as an off-screen input named
 * `website` that people never see or fill. Any value marks the submission as spam.
 */
export const HONEYPOT_FIELD = 'website';

/** Why a submission was stored as spam instead of becoming a lead. */
export const SPAM_REASONS = ['honeypot', 'too_fast'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** Where a view or submission came from: the hosted page `/f/<slug>` or the embed on another site. */
export const FORM_CHANNELS = ['hosted', 'embed', 'api'] as const;
export type FormChannel = (typeof FORM_CHANNELS)[number];

export const MARKETING_LIMITS = {
  name: 200,
  title: 200,
  description: 2000,
  fields: 30,
  fieldName: 40,
  label: 200,
  placeholder: 200,
  options: 30,
  option: 100,
  redirectUrl: 2000,
  notifications: 10,
  subject: 200,
  message: 5000,
  allowedOrigins: 20,
  /** One answer (textarea). */
  answer: 5000,
  /** Target audience: at most this many key/value lines. */
  audienceEntries: 20,
  audienceValue: 500,
  utm: 200,
  referrer: 2000,
  costNote: 500,
} as const;

/** Default minimum fill time (seconds) between serving a form and accepting its submission (FORM_MIN_FILL_SECONDS). */
export const DEFAULT_FORM_MIN_FILL_SECONDS = 3;

export interface FormField {
  /** The answer's key in `data` (letters, digits, underscore). */
  name: string;
  type: FormFieldType;
  label: string;
  placeholder: string | null;
  required: boolean;
  /** select, radio (required, at least one) and checkbox (optional: without options it is one yes/no box). */
  options: string[];
}

export interface FormSettings {
  /** Where the visitor goes after submitting (absolute http(s) URL or a path on our site); null: stay and thank. */
  redirectUrl: string | null;
  /** Who is mailed about each submission. */
  notifications: string[];
  autoResponder: { enabled: boolean; subject: string; message: string };
  integrations: { crm: boolean; email: boolean; analytics: boolean };
}

/** Spec 02 §5: a new form's fields (full name, e-mail address; both required). */
export const DEFAULT_FORM_FIELDS: readonly FormField[] = [
  { name: 'full_name', type: 'text', label: 'Full Name', placeholder: null, required: true, options: [] },
  { name: 'email', type: 'email', label: 'Email Address', placeholder: null, required: true, options: [] },
];

/**
 * Spec 02 §5: a new form's settings: redirect to a thank-you path, notification to an admin address,
 * auto-responder on with subject 'Thank you for your submission', crm, email and analytics on. The admin
 * address is the first admin's, filled in by the server (`notifications` here is a placeholder list).
 */
export const DEFAULT_FORM_SETTINGS: FormSettings = {
  redirectUrl: '/thank-you',
  notifications: [],
  autoResponder: { enabled: true, subject: 'Thank you for your submission', message: 'Thank you for contacting us. We will get back to you soon.' },
  integrations: { crm: true, email: true, analytics: true },
};

/** Spec 02 §9: ROI shown green above 100 %, else red; null ("—") while nothing was spent. */
export function roiColor(roi: number | null): 'green' | 'red' | null {
  return roi === null ? null : roi > 100 ? 'green' : 'red';
}

/** ROI in percent: (value won − spent) / spent × 100, or null while nothing was spent. */
export function campaignRoi(wonValue: number, spent: number): number | null {
  return spent > 0 ? Math.round(((wonValue - spent) / spent) * 10000) / 100 : null;
}

/** A rate in percent with two decimals (0 when the denominator is 0). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0;
}

/** The lowercase slug of a name (a form's `/f/<slug>`, a campaign's default utm_campaign). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'form';
}
