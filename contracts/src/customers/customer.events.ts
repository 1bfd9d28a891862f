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

/** Every customer event type with its current schema version and schema. */
export const customerEventSchemas = {
  CustomerCreated: { version: 1, schema: customerCreatedV1 },
  CustomerUpdated: { version: 1, schema: customerUpdatedV1 },
  CustomerStatusChanged: { version: 1, schema: customerStatusChangedV1 },
  CustomerAssigned: { version: 1, schema: customerAssignedV1 },
  CustomerTagged: { version: 1, schema: customerTaggedV1 },
  CustomerUntagged: { version: 1, schema: customerUntaggedV1 },
  CustomerScored: { version: 1, schema: customerScoredV1 },
  CustomerDeleted: { version: 1, schema: customerDeletedV1 },
  CustomerRestored: { version: 1, schema: customerRestoredV1 },
  CommunicationLogged: { version: 1, schema: communicationLoggedV1 },
  CustomerFileAttached: { version: 1, schema: customerFileAttachedV1 },
  CustomerFileDeleted: { version: 1, schema: customerFileDeletedV1 },
} as const;

type Schemas = typeof customerEventSchemas;
export type CustomerEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const customerStreamId = (customerId: string) => `customer-${customerId}`;
