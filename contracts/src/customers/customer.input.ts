import { z } from 'zod';
import {
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_STATUSES,
  COMMUNICATION_TYPES,
  CRM_LIMITS,
  CUSTOMER_STATUSES,
  INDUSTRIES,
  LEAD_SOURCES,
  type CommunicationDirection,
  type CommunicationStatus,
  type CommunicationType,
  type CustomerStatus,
  type DealStage,
  type Industry,
  type LeadSource,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '../crm/crm.constants.ts';
import { FORMAT_ISSUE, type FieldIssues } from '../platform/field-issues.ts';
import { entityId, oneOf, optionalEmail, optionalText, pageLimit, pageNumber, percent, requiredText, searchText, tagList, withinCrmYears } from '../crm/crm.input.ts';

const nullableEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values, { error: oneOf(values) })
    .nullish()
    .transform((v) => v ?? null);

/** The descriptive fields as a client sends them (Add and Edit dialogs, REST, CSV import). */
const profileFields = {
  name: requiredText(CRM_LIMITS.name),
  email: optionalEmail,
  phone: optionalText(CRM_LIMITS.phone).refine((v) => v === null || /^[+()0-9 .\-/x]{3,}$/i.test(v), { message: 'must be a phone number', params: FORMAT_ISSUE }),
  company: optionalText(CRM_LIMITS.company),
  website: optionalText(CRM_LIMITS.website),
  address: optionalText(CRM_LIMITS.address),
  city: optionalText(CRM_LIMITS.city),
  country: optionalText(CRM_LIMITS.country),
  industry: nullableEnum(INDUSTRIES),
  leadSource: nullableEnum(LEAD_SOURCES),
  notes: optionalText(CRM_LIMITS.notes),
};

/** Add Customer (tRPC `customers.create`, REST `POST /api/crm/customers`). */
export const customerCreateInput = z.object({
  ...profileFields,
  status: z.enum(CUSTOMER_STATUSES, { error: oneOf(CUSTOMER_STATUSES) }).default('lead'),
  leadScore: percent.default(0),
  /** A user id; users with only `crm:own` may leave it out (it becomes themselves) or name themselves. */
  assignedTo: z.string().uuid({ error: 'must be a user id' }).nullish(),
  tags: tagList.default([]),
});
export type CustomerCreateInput = z.output<typeof customerCreateInput>;
export type CustomerCreatePayload = z.input<typeof customerCreateInput>;

/**
 * Edit (tRPC `customers.update`, REST `PUT /api/crm/customers/{id}`): any subset of the spec's fields.
 * A field left out is unchanged; `null` clears an optional field. One command: the decider emits one
 * event per kind of change (profile, status, score, owner, each tag added or removed).
 */
export const customerUpdateInput = z.object({
  id: entityId('customer'),
  name: profileFields.name.optional(),
  email: optionalEmail.optional(),
  phone: profileFields.phone.optional(),
  company: profileFields.company.optional(),
  website: profileFields.website.optional(),
  address: profileFields.address.optional(),
  city: profileFields.city.optional(),
  country: profileFields.country.optional(),
  industry: profileFields.industry.optional(),
  leadSource: profileFields.leadSource.optional(),
  notes: profileFields.notes.optional(),
  status: z.enum(CUSTOMER_STATUSES, { error: oneOf(CUSTOMER_STATUSES) }).optional(),
  leadScore: percent.optional(),
  assignedTo: z.string().uuid({ error: 'must be a user id' }).nullable().optional(),
  tags: tagList.optional(),
});
export type CustomerUpdateInput = z.output<typeof customerUpdateInput>;
export type CustomerUpdatePayload = z.input<typeof customerUpdateInput>;

export const customerIdInput = z.object({ id: entityId('customer') });

export const CUSTOMER_SORTS = ['newest', 'oldest', 'name', 'leadScore', 'lastContact'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const STATUS_FILTERS = ['all', ...CUSTOMER_STATUSES] as const;
const SOURCE_FILTERS = ['all', ...LEAD_SOURCES] as const;

/**
 * The list (spec 02 §7: GET /api/crm/customers with search, status, leadSource, page (1), limit (50)).
 * `deleted: true` lists deleted customers instead (admins, to restore one).
 */
export const customerListInput = z.object({
  search: searchText,
  status: z.enum(STATUS_FILTERS, { error: oneOf(STATUS_FILTERS) }).default('all'),
  leadSource: z.enum(SOURCE_FILTERS, { error: oneOf(SOURCE_FILTERS) }).default('all'),
  sort: z.enum(CUSTOMER_SORTS, { error: oneOf(CUSTOMER_SORTS) }).default('newest'),
  page: pageNumber,
  limit: pageLimit(50),
  deleted: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
    .transform((v) => v === true || v === 'true')
    .default(false),
});
export type CustomerListInput = z.output<typeof customerListInput>;

/** How far ahead of the server's clock a communication's `occurredAt` may be (the client's clock may run a little fast). */
export const COMMUNICATION_CLOCK_SKEW_MS = 5 * 60_000;

/** Log a communication on the customer detail's Communications tab (no required field, per spec 02 §5, beyond its type). */
export const communicationLogInput = z.object({
  customerId: entityId('customer'),
  type: z.enum(COMMUNICATION_TYPES, { error: oneOf(COMMUNICATION_TYPES) }),
  direction: z.enum(COMMUNICATION_DIRECTIONS, { error: oneOf(COMMUNICATION_DIRECTIONS) }).default('outbound'),
  status: z.enum(COMMUNICATION_STATUSES, { error: oneOf(COMMUNICATION_STATUSES) }).default('sent'),
  subject: optionalText(CRM_LIMITS.subject),
  content: optionalText(CRM_LIMITS.content),
  /** Ids of files already attached to this customer. */
  attachmentIds: z.array(entityId('file'), { error: 'must be a list of file ids' }).max(20, 'must hold at most 20 files').default([]),
  /** When it happened (a call made yesterday may be logged today); defaults to now, never later than now plus a small clock skew. */
  occurredAt: z.iso
    .datetime({ error: 'must be an ISO date-time', offset: true })
    .nullish()
    .refine(...withinCrmYears)
    .refine((v) => !v || Date.parse(v) <= Date.now() + COMMUNICATION_CLOCK_SKEW_MS, 'must not be in the future'),
});
export type CommunicationLogInput = z.output<typeof communicationLogInput>;

/** A file of a customer (tRPC `customers.deleteFile`; REST `DELETE /api/crm/customers/{id}/files/{fileId}`). */
export const customerFileInput = z.object({ customerId: entityId('customer'), fileId: entityId('file') });
export type CustomerFileInput = z.output<typeof customerFileInput>;

// ---- Views: what the read model returns to clients ----

/** A row of the customers list (spec 02 §3 "Customer"). */
export interface CustomerView {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  industry: Industry | null;
  status: CustomerStatus;
  leadScore: number;
  assignedTo: string | null;
  /** The assignee's display name (from the users read model), when assigned. */
  assignedToName: string | null;
  leadSource: LeadSource | null;
  tags: string[];
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  /** Deals of this customer (any stage) and the value of those won, in dollars. */
  totalDeals: number;
  totalValue: number;
  /** Value of the customer's closed-won deals, in dollars (the same figure as `totalValue`, by its own name). */
  wonValue: number;
  /** Open pipeline: Σ value of the customer's open deals (not closed won or lost), in dollars. */
  openValue: number;
  /** The latest logged communication's time. */
  lastContact: string | null;
  deletedAt: string | null;
}

export interface CommunicationView {
  id: string;
  customerId: string;
  type: CommunicationType;
  direction: CommunicationDirection;
  status: CommunicationStatus;
  subject: string | null;
  content: string | null;
  attachments: { fileId: string; name: string }[];
  timestamp: string;
  /** Who logged it (display name), when known. */
  user: string | null;
}

export interface CustomerFileView {
  id: string;
  customerId: string;
  name: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  uploadedBy: string | null;
}

export interface CustomerListResult {
  customers: CustomerView[];
  page: number;
  limit: number;
  /**
   * Customers the filters match. Counted exactly up to CUSTOMER_COUNT_CAP; past that (a broad search over a
   * large book) it is the planner's estimate, at least CUSTOMER_COUNT_CAP + 1, and `totalIsEstimate` is true
   * (show it as "1,000+" or "about N"): an exact count(*) over a million rows would cost more than the page itself.
   */
  total: number;
  totalIsEstimate: boolean;
}

/** Matches counted exactly before the list's total becomes an estimate (docs/CRM.md, "Counting"). */
export const CUSTOMER_COUNT_CAP = 1_000;

/** Rows one `customers.importRows` call may hold (the web app sends a big CSV in chunks of this size). */
export const CUSTOMER_IMPORT_BATCH = 500;

/**
 * CSV import (tRPC `customers.importRows`): a chunk of rows, each validated on its own with
 * `customerCreateInput` and created by its own command. `firstRow` numbers the chunk's first row (1-based,
 * as the user sees it) so results point at the right line.
 */
export const customerImportInput = z.object({
  rows: z
    .array(z.custom<CustomerCreatePayload>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'must be an object'), {
      error: 'must be a list of rows',
    })
    .min(1, 'must hold at least one row')
    .max(CUSTOMER_IMPORT_BATCH, `must hold at most ${CUSTOMER_IMPORT_BATCH} rows`),
  firstRow: z.number({ error: 'must be a whole number from 1' }).int('must be a whole number from 1').min(1, 'must be a whole number from 1').default(1),
});
export type CustomerImportInput = z.output<typeof customerImportInput>;
/**
 * One import row's outcome. A refused row names its problems per field in English (`errors`) and in a form the
 * app translates: `issues` for bad input, `code` for a business rule (the DomainError code).
 */
export type CustomerImportRowResult =
  | { row: number; ok: true; id: string }
  | { row: number; ok: false; errors: Record<string, string[]>; issues?: FieldIssues; code?: string };
export interface CustomerImportResult {
  results: CustomerImportRowResult[];
}

/** A deal on the customer detail's Deals tab (read from the `crm_deals` view). */
export interface CustomerDealView {
  id: string;
  title: string;
  value: number;
  stage: DealStage;
  probability: number;
  expectedCloseDate: string | null;
  createdAt: string;
}

/** A task on the customer detail's Tasks tab (read from the `crm_tasks` view). */
export interface CustomerTaskView {
  id: string;
  title: string;
  type: TaskType;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  completedAt: string | null;
}

/** tRPC `customers.detail`: everything the detail dialog's five tabs show. */
export interface CustomerDetail {
  customer: CustomerView;
  communications: CommunicationView[];
  files: CustomerFileView[];
  deals: CustomerDealView[];
  tasks: CustomerTaskView[];
}
