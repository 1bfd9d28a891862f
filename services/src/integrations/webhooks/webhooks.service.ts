/**
 * Webhook endpoints: create (the secret is returned here only), update, rotate the secret (the old one keeps
 * signing for 24 h beside the new one), delete; the catalog of event types; the delivery log and health; and the
 * admins' requests (send a test event, retry a delivery, replay a time range), which are events the delivery
 * reactor carries out on the worker role (never this request).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  type CreateWebhookInput,
  type EventStore,
  INTEGRATIONS_ERRORS,
  type UpdateWebhookInput,
  type WebhookDeliveryAttemptView,
  type WebhookEventTypeView,
  type WebhookView,
  domainError,
  webhookEventCatalog,
  webhookStreamId,
} from '@crm/contracts';
import { type SecretBox, type WebhookEndpointRow, ensureWebhookTables, secretContext, getWebhookEndpoint, listWebhookEndpointAttempts, listWebhookEndpoints, webhookHealth } from '@crm/projections';
import { newWebhookSecret } from '@crm/workers';
import { handleCommand } from '../../platform/command-handler.ts';
import type { CommandContext } from '../../platform/decider.ts';
import { waitForProjection } from '../../platform/read-your-writes.ts';
import { webhookDecider } from './webhook.decider.ts';

/** How long the previous secret keeps signing after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3600_000;

export interface WebhooksService {
  eventTypes(): WebhookEventTypeView[];
  list(): Promise<WebhookView[]>;
  get(id: string): Promise<WebhookView>;
  create(input: CreateWebhookInput, ctx: CommandContext): Promise<WebhookView & { secret: string }>;
  update(input: UpdateWebhookInput, ctx: CommandContext): Promise<WebhookView>;
  rotateSecret(id: string, ctx: CommandContext): Promise<{ secret: string; previousValidUntil: string }>;
  remove(id: string, ctx: CommandContext): Promise<void>;
  deliveries(id: string, limit: number): Promise<WebhookDeliveryAttemptView[]>;
  sendTest(id: string, ctx: CommandContext): Promise<{ requestId: string }>;
  retry(id: string, deliveryId: string, ctx: CommandContext): Promise<void>;
  replay(id: string, range: { from: string; to: string }, ctx: CommandContext): Promise<void>;
}

const EMPTY_HEALTH: WebhookView["health"] = { successCount: 0, failureCount: 0, lastSuccessAt: null, lastFailureAt: null };

export function createWebhooksService(deps: { pool: pg.Pool; store: EventStore; secrets: SecretBox }): WebhooksService {
  const { pool, store } = deps;
  let ready: Promise<void> | null = null;
  const tables = () =>
    (ready ??= ensureWebhookTables(pool).catch((err: unknown) => {
      ready = null;
      throw err;
    }));

  const view = (r: WebhookEndpointRow, health = EMPTY_HEALTH): WebhookView => ({
    id: r.id,
    name: r.name,
    url: r.url,
    events: r.events,
    active: r.active,
    disabledReason: r.disabled_reason,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    health,
  });

  async function get(id: string): Promise<WebhookView> {
    await tables();
    const row = await getWebhookEndpoint(pool, id);
    if (!row) throw domainError(INTEGRATIONS_ERRORS.webhook_not_found);
    return view(row, (await webhookHealth(pool, [id])).get(id) ?? EMPTY_HEALTH);
  }

  const settle = (checkpoint: string | null) => waitForProjection(deps, 'webhook_endpoints', checkpoint, 10_000);

  return {
    eventTypes: () => webhookEventCatalog(),

    async list() {
      await tables();
      const rows = await listWebhookEndpoints(pool);
      const health = await webhookHealth(pool, rows.map((r) => r.id));
      return rows.map((r) => view(r, health.get(r.id) ?? EMPTY_HEALTH));
    },

    get,

    async create(input, ctx) {
      await tables();
      const webhookId = randomUUID();
      const secret = newWebhookSecret();
      // The secret first: an endpoint is never delivered to without one (a row without its event is inert).
      await pool.query('INSERT INTO webhook_credentials (webhook_id, secret) VALUES ($1, $2)', [webhookId, deps.secrets.seal(secret, secretContext.webhook(webhookId))]);
      const result = await handleCommand(store, webhookStreamId(webhookId), webhookDecider, { type: 'CreateWebhook', webhookId, ...input }, ctx, { expectNew: true });
      await settle(result.checkpoint);
      return { ...(await get(webhookId)), secret };
    },

    async update(input, ctx) {
      const { id, ...changes } = input;
      const result = await handleCommand(store, webhookStreamId(id), webhookDecider, { type: 'UpdateWebhook', webhookId: id, ...changes }, ctx);
      await settle(result.checkpoint);
      return get(id);
    },

    async rotateSecret(id, ctx) {
      await tables();
      const result = await handleCommand(store, webhookStreamId(id), webhookDecider, { type: 'RotateWebhookSecret', webhookId: id, overlapMs: WEBHOOK_SECRET_OVERLAP_MS }, ctx);
      const previousValidUntil = new Date(ctx.now.getTime() + WEBHOOK_SECRET_OVERLAP_MS).toISOString();
      const secret = newWebhookSecret();
      await pool.query(
        `UPDATE webhook_credentials SET previous_secret = secret, previous_valid_until = $2, secret = $3, rotated_at = now() WHERE webhook_id = $1`,
        [id, previousValidUntil, deps.secrets.seal(secret, secretContext.webhook(id))],
      );
      await settle(result.checkpoint);
      return { secret, previousValidUntil };
    },

    async remove(id, ctx) {
      const result = await handleCommand(store, webhookStreamId(id), webhookDecider, { type: 'DeleteWebhook', webhookId: id }, ctx);
      await settle(result.checkpoint);
      await tables();
      await pool.query('DELETE FROM webhook_credentials WHERE webhook_id = $1', [id]);
    },

    async deliveries(id, limit) {
      await get(id);
      return listWebhookEndpointAttempts(pool, id, limit);
    },

    async sendTest(id, ctx) {
      const result = await handleCommand(store, webhookStreamId(id), webhookDecider, { type: 'SendWebhookTest', webhookId: id }, ctx);
      const last = await store.readStream(webhookStreamId(id));
      return { requestId: result.events.length ? last[last.length - 1]!.id : '' };
    },

    async retry(id, deliveryId, ctx) {
      await tables();
      const { rowCount } = await pool.query('SELECT 1 FROM webhook_deliveries WHERE delivery_id = $1 AND webhook_id = $2', [deliveryId, id]);
      if (!rowCount) throw domainError(INTEGRATIONS_ERRORS.webhook_delivery_not_found);
      await handleCommand(store, webhookStreamId(id), webhookDecider, { type: 'RetryWebhookDelivery', webhookId: id, deliveryId }, ctx);
    },

    async replay(id, range, ctx) {
      await handleCommand(store, webhookStreamId(id), webhookDecider, { type: 'ReplayWebhook', webhookId: id, ...range }, ctx);
    },
  };
}
