import type { DealCreatePayload, DealStage, DealUpdatePayload, DealView, LeadSource } from '@crm/contracts';

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

/** The Edit form's values for a deal (the same fields as Add Deal; its stage changes on the board). */
export function dealToForm(deal: DealView): DealFormValues {
  return {
    title: deal.title,
    customerId: deal.customerId,
    customerName: deal.customerName ?? '',
    value: String(deal.value),
    probability: String(deal.probability),
    stage: deal.stage,
    expectedCloseDate: deal.expectedCloseDate ?? '',
    leadSource: deal.leadSource ?? '',
    tags: deal.tags.join(', '),
    assignedTo: deal.assignedTo ?? '',
  };
}

/**
 * The payload of `deals.update` from the Edit form: numbers as typed (the server checks them), an emptied
 * optional field cleared (`null`), the probability left as it is when emptied. `withOwner`: the owner select
 * was shown (`crm:all`); empty there means unassigned.
 */
export function toDealUpdate(id: string, values: DealFormValues, options: { withOwner: boolean }): DealUpdatePayload {
  return {
    id,
    title: values.title.trim(),
    customerId: values.customerId,
    value: values.value.trim() === '' ? 0 : values.value.trim(),
    ...(values.probability.trim() === '' ? {} : { probability: values.probability.trim() }),
    expectedCloseDate: values.expectedCloseDate || null,
    leadSource: values.leadSource || null,
    tags: parseTags(values.tags),
    ...(options.withOwner ? { assignedTo: values.assignedTo || null } : {}),
  };
}
