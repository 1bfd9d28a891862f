import { z } from 'zod';
import {
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_STATUSES,
  COMMUNICATION_TYPES,
  CUSTOMER_STATUSES,
  INDUSTRIES,
  LEAD_SOURCES,
  isStorableInstant,
} from '../crm/crm.constants.ts';
import { auditedEvent, auditState, type AuditState } from '../platform/audit.ts';

/** Refused unless PostgreSQL can store it: an event it cannot store would stop the read model for good. */
const isoInstant = z.iso.datetime().refine(isStorableInstant, 'must be a storable instant');
const id = z.string().uuid();
const actor = z.string().uuid().nullable();

/** The customer's descriptive fields: what `CustomerUpdated` may change (status, score, owner and tags have their own events). */
export const customerProfileV1 = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  industry: z.enum(INDUSTRIES).nullable(),
  leadSource: z.enum(LEAD_SOURCES).nullable(),
  notes: z.string().nullable(),
});
export type CustomerProfile = z.infer<typeof customerProfileV1>;

export const customerCreatedV1 = customerProfileV1.extend({
  customerId: id,
  status: z.enum(CUSTOMER_STATUSES),
  leadScore: z.number().int().min(0).max(100),
  assignedTo: z.string().uuid().nullable(),
  tags: z.array(z.string()),
  createdAt: isoInstant,
  createdBy: actor,
});
export const customerUpdatedV1 = z.object({
  customerId: id,
  /** Only the fields that changed, with their new values. */
  changes: customerProfileV1.partial(),
  updatedAt: isoInstant,
  updatedBy: actor,
});
export const customerStatusChangedV1 = z.object({
  customerId: id,
  from: z.enum(CUSTOMER_STATUSES),
  to: z.enum(CUSTOMER_STATUSES),
  changedAt: isoInstant,
  changedBy: actor,
});
export const customerAssignedV1 = z.object({
  customerId: id,
  assignedTo: z.string().uuid().nullable(),
  assignedAt: isoInstant,
  assignedBy: actor,
});
export const customerTaggedV1 = z.object({ customerId: id, tag: z.string(), taggedAt: isoInstant, taggedBy: actor });
export const customerUntaggedV1 = z.object({ customerId: id, tag: z.string(), untaggedAt: isoInstant, untaggedBy: actor });
export const customerScoredV1 = z.object({
  customerId: id,
  leadScore: z.number().int().min(0).max(100),
  scoredAt: isoInstant,
  scoredBy: actor,
});
export const customerDeletedV1 = z.object({ customerId: id, deletedAt: isoInstant, deletedBy: actor });
export const customerRestoredV1 = z.object({ customerId: id, restoredAt: isoInstant, restoredBy: actor });
export const communicationLoggedV1 = z.object({
  customerId: id,
  communicationId: id,
  type: z.enum(COMMUNICATION_TYPES),
  direction: z.enum(COMMUNICATION_DIRECTIONS),
  status: z.enum(COMMUNICATION_STATUSES),
  subject: z.string().nullable(),
  content: z.string().nullable(),
  /** Files attached to this customer that the communication refers to. */
  attachments: z.array(z.object({ fileId: id, name: z.string() })),
  /** When it happened (a call made yesterday may be logged today). */
  occurredAt: isoInstant,
  loggedAt: isoInstant,
  loggedBy: actor,
});
export const customerFileAttachedV1 = z.object({
  customerId: id,
  fileId: id,
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  attachedAt: isoInstant,
  attachedBy: actor,
});
/**
 * A file taken off the customer: no longer listed, downloadable or attachable. Communications that refer to it
 * keep their `{fileId, name}` and show it as deleted. Its bytes are removed from the storage after the event.
 */
export const customerFileDeletedV1 = z.object({
  customerId: id,
  fileId: id,
  /** The file's name when it was deleted (for history and activity feeds). */
  name: z.string(),
  deletedAt: isoInstant,
  deletedBy: actor,
});

/** The tags an entity's audited state holds (none before it has any). */
const tagsOf = (state: AuditState | null): string[] => (Array.isArray(state?.tags) ? (state.tags as string[]) : []);

/** Every customer event type with its current schema version, schema and audit declaration. */
export const customerEventSchemas = {
  CustomerCreated: auditedEvent(1, customerCreatedV1, {
    entity: 'customer',
    entityId: (d) => d.customerId,
    action: 'CREATE',
    risk: 'low',
    state: (d) => auditState.omit(d, 'customerId', 'createdAt', 'createdBy'),
  }),
  CustomerUpdated: auditedEvent(1, customerUpdatedV1, { entity: 'customer', entityId: (d) => d.customerId, action: 'UPDATE', risk: 'low', state: (d) => d.changes }),
  CustomerStatusChanged: auditedEvent(1, customerStatusChangedV1, {
    entity: 'customer',
    entityId: (d) => d.customerId,
    action: 'UPDATE',
    risk: 'low',
    state: (d) => ({ status: d.to }),
  }),
  CustomerAssigned: auditedEvent(1, customerAssignedV1, {
    entity: 'customer',
    entityId: (d) => d.customerId,
    action: 'UPDATE',
    risk: 'low',
    state: (d) => ({ assignedTo: d.assignedTo }),
  }),
  CustomerTagged: auditedEvent(1, customerTaggedV1, {
    entity: 'customer',
    entityId: (d) => d.customerId,
    action: 'UPDATE',
    risk: 'low',
    state: (d, previous) => ({ tags: [...tagsOf(previous).filter((t) => t !== d.tag), d.tag] }),
  }),
  CustomerUntagged: auditedEvent(1, customerUntaggedV1, {
    entity: 'customer',
    entityId: (d) => d.customerId,
    action: 'UPDATE',
    risk: 'low',
    state: (d, previous) => ({ tags: tagsOf(previous).filter((t) => t !== d.tag) }),
  }),
  CustomerScored: auditedEvent(1, customerScoredV1, { entity: 'customer', entityId: (d) => d.customerId, action: 'UPDATE', risk: 'low', state: (d) => ({ leadScore: d.leadScore }) }),
  CustomerDeleted: auditedEvent(1, customerDeletedV1, { entity: 'customer', entityId: (d) => d.customerId, action: 'DELETE', risk: 'medium', state: () => ({ deleted: true }) }),
  CustomerRestored: auditedEvent(1, customerRestoredV1, { entity: 'customer', entityId: (d) => d.customerId, action: 'RESTORE', risk: 'medium', state: () => ({ deleted: false }) }),
  CommunicationLogged: auditedEvent(1, communicationLoggedV1, {
    entity: 'communication',
    entityId: (d) => d.communicationId,
    action: 'CREATE',
    risk: 'low',
    state: (d) => auditState.omit(d, 'communicationId', 'loggedAt', 'loggedBy'),
  }),
  CustomerFileAttached: auditedEvent(1, customerFileAttachedV1, {
    entity: 'file',
    entityId: (d) => d.fileId,
    action: 'CREATE',
    risk: 'low',
    state: (d) => auditState.omit(d, 'fileId', 'attachedAt', 'attachedBy'),
  }),
  CustomerFileDeleted: auditedEvent(1, customerFileDeletedV1, { entity: 'file', entityId: (d) => d.fileId, action: 'DELETE', risk: 'medium', state: () => ({ deleted: true }) }),
} as const;

type Schemas = typeof customerEventSchemas;
export type CustomerEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const customerStreamId = (customerId: string) => `customer-${customerId}`;
