import { z } from 'zod';
import { DEAL_STAGES, LEAD_SOURCES, isStorableInstant } from '../crm/crm.constants.ts';
import { auditedEvent, auditState } from '../platform/audit.ts';

/** Refused unless PostgreSQL can store it: an event it cannot store would stop the read model for good. */
const isoInstant = z.iso.datetime().refine(isStorableInstant, 'must be a storable instant');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isStorableInstant, 'must be a storable date');
const id = z.string().uuid();
const actor = z.string().uuid().nullable();

/** The deal's own fields: what `DealUpdated` may change (the stage has its own event, `DealStageChanged`). */
export const dealFieldsV1 = z.object({
  title: z.string(),
  /** Dollars, two decimals. */
  value: z.number().nonnegative(),
  probability: z.number().int().min(0).max(100),
  customerId: id,
  assignedTo: z.string().uuid().nullable(),
  expectedCloseDate: isoDate.nullable(),
  leadSource: z.enum(LEAD_SOURCES).nullable(),
  tags: z.array(z.string()),
});
export type DealFields = z.infer<typeof dealFieldsV1>;

export const dealCreatedV1 = dealFieldsV1.extend({
  dealId: id,
  stage: z.enum(DEAL_STAGES),
  createdAt: isoInstant,
  createdBy: actor,
  /** Set when the deal is created directly in closed_won or closed_lost (then equal to createdAt). */
  closedAt: isoInstant.nullable(),
});
export const dealUpdatedV1 = z.object({
  dealId: id,
  /** Only the fields that changed, with their new values. */
  changes: dealFieldsV1.partial(),
  updatedAt: isoInstant,
  updatedBy: actor,
});
/**
 * The deal moved from one stage to another (never to the same stage). `probability` is the deal's probability
 * after the move (the stage's default unless the mover set one). `closedAt` is the time the deal closed when it
 * moves into closed_won or closed_lost (= changedAt), and null when it moves to an open stage (reopened).
 * Cycle time = DealCreated.createdAt → the DealStageChanged into closed_won's closedAt.
 */
export const dealStageChangedV1 = z.object({
  dealId: id,
  from: z.enum(DEAL_STAGES),
  to: z.enum(DEAL_STAGES),
  probability: z.number().int().min(0).max(100),
  closedAt: isoInstant.nullable(),
  changedAt: isoInstant,
  changedBy: actor,
});
/** Soft delete: the deal leaves the board and every list; an admin (`crm:restore`) may bring it back. */
export const dealDeletedV1 = z.object({ dealId: id, deletedAt: isoInstant, deletedBy: actor });
/** A deleted deal brought back (admins, `crm:restore`), as it was when deleted. */
export const dealRestoredV1 = z.object({ dealId: id, restoredAt: isoInstant, restoredBy: actor });

/** Every deal event type with its current schema version, schema and audit declaration. */
export const dealEventSchemas = {
  DealCreated: auditedEvent(1, dealCreatedV1, {
    entity: 'deal',
    entityId: (d) => d.dealId,
    action: 'CREATE',
    risk: 'low',
    state: (d) => auditState.omit(d, 'dealId', 'createdAt', 'createdBy'),
  }),
  DealUpdated: auditedEvent(1, dealUpdatedV1, { entity: 'deal', entityId: (d) => d.dealId, action: 'UPDATE', risk: 'low', state: (d) => d.changes }),
  DealStageChanged: auditedEvent(1, dealStageChangedV1, {
    entity: 'deal',
    entityId: (d) => d.dealId,
    action: 'UPDATE',
    risk: 'low',
    state: (d) => ({ stage: d.to, probability: d.probability, closedAt: d.closedAt }),
  }),
  DealDeleted: auditedEvent(1, dealDeletedV1, { entity: 'deal', entityId: (d) => d.dealId, action: 'DELETE', risk: 'medium', state: () => ({ deleted: true }) }),
  DealRestored: auditedEvent(1, dealRestoredV1, { entity: 'deal', entityId: (d) => d.dealId, action: 'RESTORE', risk: 'medium', state: () => ({ deleted: false }) }),
} as const;

type Schemas = typeof dealEventSchemas;
export type DealEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

export const dealStreamId = (dealId: string) => `deal-${dealId}`;
