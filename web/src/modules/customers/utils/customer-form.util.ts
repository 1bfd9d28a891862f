import { CRM_LIMITS, CUSTOMER_STATUSES, INDUSTRIES, LEAD_SOURCES, type CustomerStatus, type Industry, type LeadSource } from '@crm/contracts/crm/crm.constants';
import type { CustomerCreatePayload, CustomerView } from '@crm/contracts/customers/customer.input';
import { isEmailAddress } from '@crm/contracts/contact/contact.rules';

/** The Add / Edit form as typed (all text; converted to the API's payload on submit). */
export interface CustomerFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  website: string;
  address: string;
  city: string;
  country: string;
  industry: Industry | '';
  status: CustomerStatus;
  leadScore: string;
  leadSource: LeadSource | '';
  assignedTo: string;
  tags: string;
  notes: string;
}

export type CustomerFormField = keyof CustomerFormValues;

export type CustomerFormProblem =
  | { kind: 'required' }
  | { kind: 'email' }
  | { kind: 'phone' }
  | { kind: 'score' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'tooManyTags'; max: number };

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  website: '',
  address: '',
  city: '',
  country: '',
  industry: '',
  status: 'lead',
  leadScore: '0',
  leadSource: '',
  assignedTo: '',
  tags: '',
  notes: '',
};

export const isIndustry = (v: string): v is Industry => (INDUSTRIES as readonly string[]).includes(v);
export const isLeadSource = (v: string): v is LeadSource => (LEAD_SOURCES as readonly string[]).includes(v);
export const isCustomerStatus = (v: string): v is CustomerStatus => (CUSTOMER_STATUSES as readonly string[]).includes(v);

export function formFromCustomer(c: CustomerView): CustomerFormValues {
  return {
    name: c.name,
    email: c.email ?? '',
    phone: c.phone ?? '',
    company: c.company ?? '',
    website: c.website ?? '',
    address: c.address ?? '',
    city: c.city ?? '',
    country: c.country ?? '',
    industry: c.industry ?? '',
    status: c.status,
    leadScore: String(c.leadScore),
    leadSource: c.leadSource ?? '',
    assignedTo: c.assignedTo ?? '',
    tags: c.tags.join(', '),
    notes: c.notes ?? '',
  };
}

/** "a, b,, c" → ['a', 'b', 'c'] without duplicates. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
}

const PHONE = /^[+()0-9 .\-/x]{3,}$/i;
const TEXT_LIMITS: Partial<Record<CustomerFormField, number>> = {
  name: CRM_LIMITS.name,
  email: CRM_LIMITS.email,
  phone: CRM_LIMITS.phone,
  company: CRM_LIMITS.company,
  website: CRM_LIMITS.website,
  address: CRM_LIMITS.address,
  city: CRM_LIMITS.city,
  country: CRM_LIMITS.country,
  notes: CRM_LIMITS.notes,
};

/** The same checks the server's zod schema makes (customer.input.ts), so most mistakes never leave the browser. */
export function customerFormProblems(values: CustomerFormValues): Partial<Record<CustomerFormField, CustomerFormProblem>> {
  const problems: Partial<Record<CustomerFormField, CustomerFormProblem>> = {};
  for (const [field, max] of Object.entries(TEXT_LIMITS) as [CustomerFormField, number][]) {
    if (values[field].trim().length > max) problems[field] = { kind: 'tooLong', max };
  }
  if (!values.name.trim()) problems.name = { kind: 'required' };
  const email = values.email.trim();
  if (email && !problems.email && !isEmailAddress(email)) problems.email = { kind: 'email' };
  const phone = values.phone.trim();
  if (phone && !problems.phone && !PHONE.test(phone)) problems.phone = { kind: 'phone' };
  const score = values.leadScore.trim();
  if (!/^\d{1,3}$/.test(score) || Number(score) > 100) problems.leadScore = { kind: 'score' };
  const tags = parseTags(values.tags);
  if (tags.length > CRM_LIMITS.tags) problems.tags = { kind: 'tooManyTags', max: CRM_LIMITS.tags };
  else if (tags.some((t) => t.length > CRM_LIMITS.tag)) problems.tags = { kind: 'tooLong', max: CRM_LIMITS.tag };
  return problems;
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** The form as `customers.create` / `customers.update` fields (empty text → null, which clears on update). */
export function customerPayload(values: CustomerFormValues): CustomerCreatePayload {
  return {
    name: values.name.trim(),
    email: orNull(values.email),
    phone: orNull(values.phone),
    company: orNull(values.company),
    website: orNull(values.website),
    address: orNull(values.address),
    city: orNull(values.city),
    country: orNull(values.country),
    industry: values.industry || null,
    status: values.status,
    leadScore: Number(values.leadScore.trim()),
    leadSource: values.leadSource || null,
    assignedTo: values.assignedTo || null,
    tags: parseTags(values.tags),
    notes: orNull(values.notes),
  };
}

/**
 * Spec 02 §2 Customer detail: the address is one text box, split on ", " into address, city and country (the
 * Arabic comma and a space, "، ", splits too).
 */
export function splitAddressLine(line: string): { address: string; city: string; country: string } {
  const parts = line.split(/, |، /u).map((p) => p.trim());
  if (parts.length >= 3) {
    return { address: parts.slice(0, parts.length - 2).join(', '), city: parts[parts.length - 2]!, country: parts[parts.length - 1]! };
  }
  return { address: parts[0] ?? '', city: parts[1] ?? '', country: '' };
}

export function joinAddressLine(c: { address: string | null; city: string | null; country: string | null }): string {
  return [c.address, c.city, c.country].filter((p): p is string => !!p && p.trim() !== '').join(', ');
}
