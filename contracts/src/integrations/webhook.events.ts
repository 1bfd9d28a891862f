import { z } from 'zod';
import { auditedEvent } from '../platform/audit.ts';

/**
 * One webhook endpoint (Standard Webhooks): stream `webhook-<id>`. Its signing secrets never appear in an event:
 * they live in `webhook_credentials` (written by the service in the command's transaction-free path before the
 * event; an endpoint without its event is never listed nor delivered to).
 */
export const webhookStreamId = (webhookId: string): string => `webhook-${webhookId}`;

const webhookId = z.string().uuid();
const actor = z.string().uuid().nullable();
const at = z.iso.datetime();

export const webhookEndpointCreatedV1 = z.object({
  webhookId,
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  createdBy: actor,
  createdAt: at,
});
export const webhookEndpointUpdatedV1 = z.object({
  webhookId,
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  updatedBy: actor,
  updatedAt: at,
});
export const webhookSecretRotatedV1 = z.object({
  webhookId,
  /** Until when the previous secret still signs (both signatures are sent). */
  previousValidUntil: at,
  rotatedBy: actor,
  rotatedAt: at,
});
export const webhookEndpointDisabledV1 = z.object({
  webhookId,
  /** `gone`: the receiver answered 410; `failing`: every attempt failed for 5 days; `manual`: an admin. */
  reason: z.enum(['gone', 'failing', 'manual']),
  disabledBy: actor,
  disabledAt: at,
});
export const webhookEndpointDeletedV1 = z.object({ webhookId, deletedBy: actor, deletedAt: at });
/** An admin asked for a test delivery (the reactor sends a `webhook.test` event to this endpoint only). */
export const webhookTestRequestedV1 = z.object({ webhookId, requestedBy: actor, requestedAt: at });
/** An admin asked to send one delivery again (a new attempt series with the same webhook-id). */
export const webhookDeliveryRetryRequestedV1 = z.object({ webhookId, deliveryId: z.string(), requestedBy: actor, requestedAt: at });
/** An admin asked to send again every subscribed event committed in [from, to]. */
export const webhookReplayRequestedV1 = z.object({ webhookId, from: at, to: at, requestedBy: actor, requestedAt: at });

const entityId = (d: { webhookId: string }): string => d.webhookId;

export const webhookEventSchemas = {
  WebhookEndpointCreated: auditedEvent(1, webhookEndpointCreatedV1, {
    entity: 'webhook',
    entityId,
    action: 'CREATE',
    risk: 'medium',
    state: (d) => ({ name: d.name, url: d.url, events: d.events, active: true }),
  }),
  WebhookEndpointUpdated: auditedEvent(1, webhookEndpointUpdatedV1, {
    entity: 'webhook',
    entityId,
    action: 'UPDATE',
    risk: 'medium',
    state: (d) => ({ name: d.name, url: d.url, events: d.events, active: d.active }),
  }),
  WebhookSecretRotated: auditedEvent(1, webhookSecretRotatedV1, { entity: 'webhook', entityId, action: 'UPDATE', risk: 'high', state: () => ({ secret: 'rotated' }) }),
  WebhookEndpointDisabled: auditedEvent(1, webhookEndpointDisabledV1, {
    entity: 'webhook',
    entityId,
    action: 'DEACTIVATE',
    risk: 'medium',
    outcome: (d) => (d.reason === 'manual' ? 'success' : 'warning'),
    state: (d) => ({ active: false, disabledReason: d.reason }),
  }),
  WebhookEndpointDeleted: auditedEvent(1, webhookEndpointDeletedV1, { entity: 'webhook', entityId, action: 'DELETE', risk: 'medium' }),
  WebhookTestRequested: auditedEvent(1, webhookTestRequestedV1, { entity: 'webhook', entityId, action: 'SUBMIT', risk: 'low' }),
  WebhookDeliveryRetryRequested: auditedEvent(1, webhookDeliveryRetryRequestedV1, { entity: 'webhook', entityId, action: 'SUBMIT', risk: 'low' }),
  WebhookReplayRequested: auditedEvent(1, webhookReplayRequestedV1, { entity: 'webhook', entityId, action: 'SUBMIT', risk: 'medium' }),
} as const;

type Schemas = typeof webhookEventSchemas;
export type WebhookEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];
