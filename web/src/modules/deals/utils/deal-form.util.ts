import type { DealCreatePayload, DealStage, LeadSource } from '@crm/contracts';

/** The Add Deal dialog's fields, as typed. */
export interface DealFormValues {
  title: string;
  customerId: string;
  /** Shown beside the picker once a customer is chosen. */
  customerName: string;
  value: string;
  probability: string;
  stage: DealStage;
  expectedCloseDate: string;
  leadSource: LeadSource | '';
  tags: string;
  assignedTo: string;
}

export const DEAL_FORM_FIELDS = ['title', 'customerId', 'value', 'probability', 'stage', 'expectedCloseDate', 'leadSource', 'tags', 'assignedTo'] as const;
export type DealFormField = (typeof DEAL_FORM_FIELDS)[number];

export const EMPTY_DEAL_FORM: DealFormValues = {
  title: '',
  customerId: '',
  customerName: '',
  value: '',
  probability: '',
  stage: 'prospecting',
  expectedCloseDate: '',
  leadSource: '',
  tags: '',
  assignedTo: '',
};

export function isDealFormField(name: string): name is DealFormField {
  return (DEAL_FORM_FIELDS as readonly string[]).includes(name);
}

/** What must be filled before anything is sent (the server checks everything again). */
export function missingDealFields(values: DealFormValues): DealFormField[] {
  const missing: DealFormField[] = [];
  if (values.title.trim() === '') missing.push('title');
  if (values.customerId === '') missing.push('customerId');
  return missing;
}

/** Comma-separated tags → a list (blank pieces dropped). */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The payload of `deals.create`: numbers as typed (the server parses and checks them), empty optional fields left out. */
export function toDealCreate(values: DealFormValues): DealCreatePayload {
  return {
    title: values.title.trim(),
    customerId: values.customerId,
    value: values.value.trim() === '' ? 0 : values.value.trim(),
    ...(values.probability.trim() === '' ? {} : { probability: values.probability.trim() }),
    stage: values.stage,
    expectedCloseDate: values.expectedCloseDate || null,
    leadSource: values.leadSource || null,
    tags: parseTags(values.tags),
    ...(values.assignedTo ? { assignedTo: values.assignedTo } : {}),
  };
}
