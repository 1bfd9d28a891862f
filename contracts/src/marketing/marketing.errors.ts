import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the marketing domain (campaigns, lead forms, public submissions). */
export const MARKETING_ERRORS = defineDomainErrors({
  campaign_not_found: { kind: 'not_found', message: 'Campaign not found' },
  campaign_exists: { kind: 'conflict', message: 'This campaign already exists', internal: true },
  campaign_transition_not_allowed: {
    kind: 'conflict',
    message: ({ action, status }: { action: string; status: string }) => `A ${status} campaign cannot ${action}`,
  },
  campaign_utm_taken: { kind: 'conflict', message: ({ utmCampaign }: { utmCampaign: string }) => `Another campaign already uses utm_campaign "${utmCampaign}"` },
  campaign_cost_not_found: { kind: 'not_found', message: 'Cost entry not found' },
  campaign_closed: { kind: 'conflict', message: 'This campaign is completed or cancelled' },
  /** A partial edit (REST) whose date, with the one kept, ends before it starts (the dialog sends both: the input refuses it). */
  campaign_dates_out_of_order: { kind: 'unprocessable', message: 'The end date must not be before the start date', internal: true },
  lead_form_not_found: { kind: 'not_found', message: 'Form not found' },
  lead_form_exists: { kind: 'conflict', message: 'This form already exists', internal: true },
  lead_form_deleted: { kind: 'conflict', message: 'This form was deleted' },
  form_submission_exists: { kind: 'conflict', message: 'This submission was already received', internal: true },
  /** Public endpoints: an inactive or deleted form is not found (its existence is not revealed). */
  form_unavailable: { kind: 'not_found', message: 'This form is not available' },
  form_token_invalid: { kind: 'unprocessable', message: 'This form has expired. Reload the page and try again.' },
  form_origin_not_allowed: { kind: 'forbidden', message: 'This form cannot be embedded on this site' },
});
