import { describe, it } from 'vitest';
import type { WebhookEvent } from '@crm/contracts';
import { webhookDecider } from '../../src/integrations/webhooks/webhook.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const admin = 'a3c1b2d4-0000-4000-8000-000000000001';
const webhookId = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const spec = deciderSpec(webhookDecider, { now, userId: admin, metadata: { correlationId: 'test' } });
const anonymous = deciderSpec(webhookDecider, { now, userId: null, metadata: { correlationId: 'test' } });

const created: WebhookEvent = {
  type: 'WebhookEndpointCreated',
  data: { webhookId, name: 'Orders', url: 'https://example.com/hook', events: ['customer.created'], createdBy: admin, createdAt: '2030-03-01T09:00:00.000Z' },
};
const deleted: WebhookEvent = { type: 'WebhookEndpointDeleted', data: { webhookId, deletedBy: admin, deletedAt: '2030-03-01T09:30:00.000Z' } };
const disabled: WebhookEvent = { type: 'WebhookEndpointDisabled', data: { webhookId, reason: 'gone', disabledBy: null, disabledAt: '2030-03-01T09:10:00.000Z' } };

describe('webhook decider', () => {
  it('creates an endpoint with its name, URL and events (duplicates removed), active', () => {
    spec
      .given([])
      .when({ type: 'CreateWebhook', webhookId, name: 'Orders', url: 'https://example.com/hook', events: ['customer.created', 'customer.created', 'deal.created'] })
      .then([{ type: 'WebhookEndpointCreated', data: { webhookId, name: 'Orders', url: 'https://example.com/hook', events: ['customer.created', 'deal.created'], createdBy: admin, createdAt: at } }]);
  });

  it('needs a signed-in actor', () => {
    anonymous.given([]).when({ type: 'CreateWebhook', webhookId, name: 'x', url: 'https://example.com', events: ['deal.created'] }).thenThrows('webhook_actor_required');
  });

  it('creating the same id again decides nothing', () => {
    spec.given([created]).when({ type: 'CreateWebhook', webhookId, name: 'Orders', url: 'https://example.com/hook', events: ['customer.created'] }).then([]);
  });

  it('updates only what changed, keeping the rest', () => {
    spec
      .given([created])
      .when({ type: 'UpdateWebhook', webhookId, name: 'Orders 2' })
      .then([{ type: 'WebhookEndpointUpdated', data: { webhookId, name: 'Orders 2', url: 'https://example.com/hook', events: ['customer.created'], active: true, updatedBy: admin, updatedAt: at } }]);
  });

  it('an update that changes nothing decides nothing', () => {
    spec.given([created]).when({ type: 'UpdateWebhook', webhookId, name: 'Orders' }).then([]);
  });

  it('re-enables an endpoint the sender disabled', () => {
    spec
      .given([created, disabled])
      .when({ type: 'UpdateWebhook', webhookId, active: true })
      .then([{ type: 'WebhookEndpointUpdated', data: { webhookId, name: 'Orders', url: 'https://example.com/hook', events: ['customer.created'], active: true, updatedBy: admin, updatedAt: at } }]);
  });

  it('rotates the secret with a 24 h overlap (no secret in the event)', () => {
    spec
      .given([created])
      .when({ type: 'RotateWebhookSecret', webhookId, overlapMs: 24 * 3600_000 })
      .then([{ type: 'WebhookSecretRotated', data: { webhookId, previousValidUntil: '2030-03-02T10:00:00.000Z', rotatedBy: admin, rotatedAt: at } }]);
  });

  it('records test, retry and replay requests for the reactor', () => {
    spec.given([created]).when({ type: 'SendWebhookTest', webhookId }).then([{ type: 'WebhookTestRequested', data: { webhookId, requestedBy: admin, requestedAt: at } }]);
    spec
      .given([created])
      .when({ type: 'RetryWebhookDelivery', webhookId, deliveryId: 'wh-x-y' })
      .then([{ type: 'WebhookDeliveryRetryRequested', data: { webhookId, deliveryId: 'wh-x-y', requestedBy: admin, requestedAt: at } }]);
    spec
      .given([created])
      .when({ type: 'ReplayWebhook', webhookId, from: '2030-02-01T00:00:00.000Z', to: at })
      .then([{ type: 'WebhookReplayRequested', data: { webhookId, from: '2030-02-01T00:00:00.000Z', to: at, requestedBy: admin, requestedAt: at } }]);
  });

  it('refuses anything on an unknown or deleted endpoint', () => {
    spec.given([]).when({ type: 'SendWebhookTest', webhookId }).thenThrows('webhook_not_found');
    spec.given([created, deleted]).when({ type: 'UpdateWebhook', webhookId, name: 'x' }).thenThrows('webhook_deleted');
    spec.given([created, deleted]).when({ type: 'DeleteWebhook', webhookId }).thenThrows('webhook_deleted');
  });

  it('deletes', () => {
    spec.given([created]).when({ type: 'DeleteWebhook', webhookId }).then([{ type: 'WebhookEndpointDeleted', data: { webhookId, deletedBy: admin, deletedAt: at } }]);
  });
});
