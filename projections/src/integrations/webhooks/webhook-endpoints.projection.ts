/**
 * Webhook endpoints (streams `webhook-<id>`): what the admin lists and what the delivery reactor sends to.
 * Secrets are not here (webhook_credentials, webhook-tables.ts).
 */
import { webhookEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../../runner/projection.ts';
import { contractEventParser } from '../../runner/read-model.ts';
import { PROJECTED_AT, createReadModelTables, readModelTable } from '../../runner/read-model-table.ts';

const parseWebhookEvent = contractEventParser(webhookEventSchemas);

export const webhookEndpointsTable = readModelTable({
  name: 'webhook_endpoints',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    name: { type: 'text' },
    url: { type: 'text' },
    events: { type: 'text[]', default: "'{}'" },
    active: { type: 'boolean' },
    disabled_reason: { type: 'text', nullable: true },
    created_at: { type: 'timestamptz' },
    updated_at: { type: 'timestamptz' },
    projected_at: PROJECTED_AT,
  },
});

const ENDPOINT_EVENTS = ['WebhookEndpointCreated', 'WebhookEndpointUpdated', 'WebhookEndpointDisabled', 'WebhookEndpointDeleted', 'WebhookSecretRotated'];

export const webhookEndpointsProjection = defineProjection({
  name: 'webhook_endpoints',
  version: 1,
  tables: [webhookEndpointsTable.name],
  eventTypes: ENDPOINT_EVENTS,

  async setup(client, physical) {
    await createReadModelTables(client, physical, webhookEndpointsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const t = tables.webhook_endpoints!;
    const q = quoteIdent(t);
    for (const event of events) {
      const parsed = parseWebhookEvent(event);
      if (!parsed) continue;
      switch (parsed.type) {
        case 'WebhookEndpointCreated': {
          const d = parsed.data;
          await webhookEndpointsTable.upsert(client, t, [
            { id: d.webhookId, name: d.name, url: d.url, events: d.events, active: true, disabled_reason: null, created_at: d.createdAt, updated_at: d.createdAt },
          ]);
          break;
        }
        case 'WebhookEndpointUpdated': {
          const d = parsed.data;
          await client.query(
            `UPDATE ${q} SET name = $2, url = $3, events = $4, active = $5, disabled_reason = CASE WHEN $5 THEN NULL ELSE disabled_reason END, updated_at = $6, projected_at = now() WHERE id = $1`,
            [d.webhookId, d.name, d.url, d.events, d.active, d.updatedAt],
          );
          break;
        }
        case 'WebhookEndpointDisabled':
          await client.query(`UPDATE ${q} SET active = false, disabled_reason = $2, updated_at = $3, projected_at = now() WHERE id = $1`, [
            parsed.data.webhookId,
            parsed.data.reason,
            parsed.data.disabledAt,
          ]);
          break;
        case 'WebhookSecretRotated':
          await client.query(`UPDATE ${q} SET updated_at = $2, projected_at = now() WHERE id = $1`, [parsed.data.webhookId, parsed.data.rotatedAt]);
          break;
        case 'WebhookEndpointDeleted':
          await client.query(`DELETE FROM ${q} WHERE id = $1`, [parsed.data.webhookId]);
          break;
        default:
          break;
      }
    }
  },
});
