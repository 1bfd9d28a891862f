import { INTEGRATIONS_ERRORS, domainError, type WebhookEvent } from '@crm/contracts';
import type { CommandContext, Decider } from '../../platform/decider.ts';

/** One webhook endpoint (stream `webhook-<id>`). Its secret is not part of it (webhook_credentials). */
export type WebhookState =
  | { status: 'none' }
  | { status: 'live'; name: string; url: string; events: string[]; active: boolean }
  | { status: 'deleted' };

export type WebhookCommand =
  | { type: 'CreateWebhook'; webhookId: string; name: string; url: string; events: string[] }
  | { type: 'UpdateWebhook'; webhookId: string; name?: string; url?: string; events?: string[]; active?: boolean }
  | { type: 'RotateWebhookSecret'; webhookId: string; overlapMs: number }
  | { type: 'DeleteWebhook'; webhookId: string }
  | { type: 'SendWebhookTest'; webhookId: string }
  | { type: 'RetryWebhookDelivery'; webhookId: string; deliveryId: string }
  | { type: 'ReplayWebhook'; webhookId: string; from: string; to: string };

function actor(ctx: CommandContext): string {
  if (!ctx.userId) throw domainError(INTEGRATIONS_ERRORS.webhook_actor_required);
  return ctx.userId;
}

function live(state: WebhookState) {
  if (state.status === 'none') throw domainError(INTEGRATIONS_ERRORS.webhook_not_found);
  if (state.status === 'deleted') throw domainError(INTEGRATIONS_ERRORS.webhook_deleted);
  return state;
}

export const webhookDecider: Decider<WebhookState, WebhookCommand, WebhookEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'WebhookEndpointCreated':
        return { status: 'live', name: event.data.name, url: event.data.url, events: event.data.events, active: true };
      case 'WebhookEndpointUpdated':
        return { status: 'live', name: event.data.name, url: event.data.url, events: event.data.events, active: event.data.active };
      case 'WebhookEndpointDisabled':
        return state.status === 'live' ? { ...state, active: false } : state;
      case 'WebhookEndpointDeleted':
        return { status: 'deleted' };
      case 'WebhookSecretRotated':
      case 'WebhookTestRequested':
      case 'WebhookDeliveryRetryRequested':
      case 'WebhookReplayRequested':
        return state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state, ctx): WebhookEvent[] {
    const at = ctx.now.toISOString();
    const webhookId = command.webhookId;
    switch (command.type) {
      case 'CreateWebhook': {
        const by = actor(ctx);
        if (state.status !== 'none') return []; // the same id again: already created (idempotent)
        return [{ type: 'WebhookEndpointCreated', data: { webhookId, name: command.name, url: command.url, events: [...new Set(command.events)], createdBy: by, createdAt: at } }];
      }
      case 'UpdateWebhook': {
        const by = actor(ctx);
        const s = live(state);
        const next = { name: command.name ?? s.name, url: command.url ?? s.url, events: command.events ? [...new Set(command.events)] : s.events, active: command.active ?? s.active };
        if (next.name === s.name && next.url === s.url && next.active === s.active && next.events.join('\n') === s.events.join('\n')) return [];
        return [{ type: 'WebhookEndpointUpdated', data: { webhookId, ...next, updatedBy: by, updatedAt: at } }];
      }
      case 'RotateWebhookSecret': {
        const by = actor(ctx);
        live(state);
        return [{ type: 'WebhookSecretRotated', data: { webhookId, previousValidUntil: new Date(ctx.now.getTime() + command.overlapMs).toISOString(), rotatedBy: by, rotatedAt: at } }];
      }
      case 'DeleteWebhook': {
        const by = actor(ctx);
        live(state);
        return [{ type: 'WebhookEndpointDeleted', data: { webhookId, deletedBy: by, deletedAt: at } }];
      }
      case 'SendWebhookTest': {
        const by = actor(ctx);
        live(state);
        return [{ type: 'WebhookTestRequested', data: { webhookId, requestedBy: by, requestedAt: at } }];
      }
      case 'RetryWebhookDelivery': {
        const by = actor(ctx);
        live(state);
        return [{ type: 'WebhookDeliveryRetryRequested', data: { webhookId, deliveryId: command.deliveryId, requestedBy: by, requestedAt: at } }];
      }
      case 'ReplayWebhook': {
        const by = actor(ctx);
        live(state);
        return [{ type: 'WebhookReplayRequested', data: { webhookId, from: command.from, to: command.to, requestedBy: by, requestedAt: at } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
