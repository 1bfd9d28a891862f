import { CAMPAIGN_TYPES, type CampaignType } from '@crm/contracts/marketing/marketing.constants';
import type { CampaignCreatePayload } from '@crm/contracts/marketing/marketing.input';
import type { CampaignView } from '@crm/contracts/marketing/marketing.views';

/** What the Create / Edit Campaign form holds (text inputs; the budget and audience parsed on save). */
export interface CampaignFormValues {
  name: string;
  type: CampaignType | '';
  description: string;
  budget: string;
  startDate: string;
  endDate: string;
  /** One `key: value` per line. */
  audience: string;
  utmCampaign: string;
}

export const CAMPAIGN_FORM_FIELDS = ['name', 'type', 'description', 'budget', 'startDate', 'endDate', 'targetAudience', 'utmCampaign'] as const;
export type CampaignFormField = (typeof CAMPAIGN_FORM_FIELDS)[number];
export const isCampaignFormField = (name: string): name is CampaignFormField => (CAMPAIGN_FORM_FIELDS as readonly string[]).includes(name);

export function campaignFormValues(c: CampaignView | null): CampaignFormValues {
  if (!c) return { name: '', type: '', description: '', budget: '0', startDate: '', endDate: '', audience: '', utmCampaign: '' };
  return {
    name: c.name,
    type: c.type,
    description: c.description ?? '',
    budget: String(c.budget),
    startDate: c.startDate ?? '',
    endDate: c.endDate ?? '',
    audience: Object.entries(c.targetAudience)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    utmCampaign: c.utmCampaign,
  };
}

/** The audience lines as an object (`key: value`; a line without a colon is a key with an empty value). */
export function parseAudience(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    const key = (at < 0 ? line : line.slice(0, at)).trim();
    if (key) out[key] = at < 0 ? '' : line.slice(at + 1).trim();
  }
  return out;
}

/** The spec's check before sending: name and type required ('Please provide campaign name and type'). */
export const campaignFormComplete = (v: CampaignFormValues): v is CampaignFormValues & { type: CampaignType } => v.name.trim() !== '' && (CAMPAIGN_TYPES as readonly string[]).includes(v.type);

/** The values as the create payload (the update sends the same fields with the id). */
export function campaignPayload(v: CampaignFormValues & { type: CampaignType }): CampaignCreatePayload {
  const budget = v.budget.trim() === '' ? 0 : Number(v.budget);
  return {
    name: v.name.trim(),
    type: v.type,
    description: v.description.trim() || null,
    budget,
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    targetAudience: parseAudience(v.audience),
    utmCampaign: v.utmCampaign.trim() || null,
  };
}
