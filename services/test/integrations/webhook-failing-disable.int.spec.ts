/**
 * An endpoint whose deliveries have all failed for 5 days is disabled (WebhookEndpointDisabled, reason `failing`)
 * and every active admin is mailed; one that failed for less keeps being retried.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SendEmailJob, webhookStreamId } from '@crm/contracts';
import { ensureWebhookTables, secretContext } from '@crm/projections';
import { type AppQueue, WebhookAttemptError, createWebhookDeliveryProcessor, newWebhookSecret, silentLogger } from '@crm/workers';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.ts';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { testSecrets } from '../workers/support/helpers.ts';

describe('webhook endpoint failing for 5 days', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let server: http.Server;
  let url = '';
  const mails: SendEmailJob[] = [];
  const secrets = testSecrets();
  const mailQueue = { add: async (_name: string, data: SendEmailJob) => mails.push(data) } as unknown as AppQueue<SendEmailJob>;

  beforeAll(async () => {
    db = await createTestDatabase('external');
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    // Dropping the database at the end terminates idle clients: not a failure of this test.
    pool.on('error', () => {});
    await PostgresEventStore.migrate(pool);
    store = new PostgresEventStore(pool, db.url, { pollIntervalMs: 100 });
    await ensureWebhookTables(pool);
    await pool.query(`CREATE TABLE webhook_endpoints (id uuid PRIMARY KEY, name text, url text, events text[], active boolean, disabled_reason text, created_at timestamptz, updated_at timestamptz)`);
    await pool.query(`CREATE TABLE users (email text, user_type text, is_active boolean)`);
    await pool.query(`INSERT INTO users VALUES ('boss@example.com', 'admin', true), ('old@example.com', 'admin', false), ('rep@example.com', 'user', true)`);
    server = http.createServer((_req, res) => res.writeHead(500).end('down'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  async function endpoint(firstFailureDaysAgo: number) {
    const webhookId = randomUUID();
    await pool.query(`INSERT INTO webhook_endpoints VALUES ($1, 'Down', $2, '{deal.created}', true, null, now(), now())`, [webhookId, url]);
    await pool.query('INSERT INTO webhook_credentials (webhook_id, secret) VALUES ($1, $2)', [webhookId, secrets.seal(newWebhookSecret(), secretContext.webhook(webhookId))]);
    await store.append(
      webhookStreamId(webhookId),
      [{ id: randomUUID(), type: 'WebhookEndpointCreated', schemaVersion: 1, data: { webhookId, name: 'Down', url, events: ['deal.created'], createdBy: null, createdAt: new Date().toISOString() }, metadata: { correlationId: 'test' } }],
      { expectedVersion: 'no_stream' },
    );
    await pool.query(
      `INSERT INTO webhook_attempts (webhook_id, delivery_id, message_id, event_type, url, attempt, attempted_at, status_code, duration_ms, success)
       VALUES ($1, 'old', 'msg_old', 'deal.created', $2, 1, now() - make_interval(days => $3), 500, 3, false)`,
      [webhookId, url, firstFailureDaysAgo],
    );
    return webhookId;
  }

  const job = (webhookId: string) =>
    ({ id: `wh-${webhookId}-e`, attemptsMade: 2, opts: { attempts: 8 }, data: { webhookId, messageId: 'msg_e', eventId: 'e', type: 'deal.created', timestamp: new Date().toISOString(), data: {} } }) as unknown as Job<unknown>;

  it('disables it with reason failing and mails the active admins', async () => {
    const webhookId = await endpoint(6);
    const process = createWebhookDeliveryProcessor({ pool, store, log: silentLogger, mailQueue, secrets, allowPrivateNetworks: true });
    await expect(process(job(webhookId))).rejects.toThrow(/5 days/);
    const events = await store.readStream(webhookStreamId(webhookId));
    expect(events.map((e) => e.type)).toEqual(['WebhookEndpointCreated', 'WebhookEndpointDisabled']);
    expect(events[1]!.data).toMatchObject({ webhookId, reason: 'failing', disabledBy: null });
    expect(mails.map((m) => m.to)).toEqual(['boss@example.com']);
    expect(mails[0]!.text).toContain(url);
  });

  it('keeps retrying one that has failed for less than 5 days', async () => {
    const webhookId = await endpoint(2);
    const process = createWebhookDeliveryProcessor({ pool, store, log: silentLogger, mailQueue, secrets, allowPrivateNetworks: true });
    await expect(process(job(webhookId))).rejects.toBeInstanceOf(WebhookAttemptError);
    expect((await store.readStream(webhookStreamId(webhookId))).map((e) => e.type)).toEqual(['WebhookEndpointCreated']);
  });
});
