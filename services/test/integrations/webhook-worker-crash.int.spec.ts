/**
 * A worker that dies while a delivery is in flight loses nothing: worker A takes the job and is killed (closed
 * forcibly, its lock no longer renewed) while the receiver still holds the request; worker B finds the stalled
 * job and delivers it, with the same webhook-id, signed, and the attempt is recorded.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOKS_QUEUE, type WebhookDeliveryJob } from '@crm/contracts';
import { ensureWebhookTables, secretContext } from '@crm/projections';
import { type QueueFactory, createQueueFactory, createWebhookDeliveryProcessor, enqueueWebhookDelivery, newWebhookSecret, silentLogger } from '@crm/workers';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { testSecrets } from '../workers/support/helpers.ts';

async function waitFor<T>(fn: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('webhook worker killed mid-delivery', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let queues: QueueFactory;
  let server: http.Server;
  let url = '';
  const held: http.ServerResponse[] = [];
  const received: { headers: Record<string, string>; body: string; answered: number }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('external');
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    // A client the test database's drop (WITH FORCE) terminates while it closes must not be an uncaught error.
    pool.on('error', () => {});
    await ensureWebhookTables(pool);
    // The endpoints read model as the projector would have made it.
    await pool.query(`CREATE TABLE webhook_endpoints (id uuid PRIMARY KEY, name text, url text, events text[], active boolean, disabled_reason text, created_at timestamptz, updated_at timestamptz)`);
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const first = received.length === 0;
        received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks).toString('utf8'), answered: first ? 0 : 200 });
        if (first) held.push(res); // never answered while the worker that sent it is alive
        else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    queues = createQueueFactory({ redisUrl: null, databaseUrl: db.url, schema: 'bullmq_webhook_crash', poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    for (const r of held) r.destroy();
    await queues?.close();
    await new Promise<void>((r) => server.close(() => r()));
    await pool?.end();
    await db?.drop();
  });

  it('a second worker delivers the job the first one was killed in the middle of', async () => {
    const webhookId = randomUUID();
    const secret = newWebhookSecret();
    await pool.query(`INSERT INTO webhook_endpoints VALUES ($1, 'Crash', $2, '{customer.created}', true, null, now(), now())`, [webhookId, url]);
    // Sealed as the api stores it: the worker opens it to sign (the signature below is checked with the clear secret).
    const secrets = testSecrets();
    await pool.query('INSERT INTO webhook_credentials (webhook_id, secret) VALUES ($1, $2)', [webhookId, secrets.seal(secret, secretContext.webhook(webhookId))]);

    const options = { concurrency: 1, lockDuration: 1_000, stalledInterval: 500, maxStalledCount: 3 };
    const processor = createWebhookDeliveryProcessor({ pool, log: silentLogger, secrets, allowPrivateNetworks: true });
    const workerA = queues.worker<WebhookDeliveryJob>(WEBHOOKS_QUEUE, processor, options);
    const eventId = randomUUID();
    const queue = queues.queue<WebhookDeliveryJob>(WEBHOOKS_QUEUE);
    await enqueueWebhookDelivery(pool, queue, { webhookId, messageId: `msg_${eventId}`, eventId, type: 'customer.created', timestamp: new Date().toISOString(), data: { customerId: eventId } }, [200, 200]);

    await waitFor(() => received.length === 1);
    // Killed: it stops at once (no waiting for its active job) and renews no lock.
    await workerA.close(true);

    const workerB = queues.worker<WebhookDeliveryJob>(WEBHOOKS_QUEUE, processor, options);
    await waitFor(() => received.length >= 2, 30_000);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(new Webhook(secret).verify(received[1]!.body, received[1]!.headers)).toBeTruthy();
    const job = await queue.getJob(`wh-${webhookId}-${eventId}`);
    await waitFor(async () => (await job!.getState()) === 'completed', 10_000);
    const attempts = await pool.query('SELECT status_code, success FROM webhook_attempts WHERE webhook_id = $1 AND success', [webhookId]);
    expect(attempts.rows).toEqual([{ status_code: 200, success: true }]);
    await workerB.close();
  }, 60_000);
});
