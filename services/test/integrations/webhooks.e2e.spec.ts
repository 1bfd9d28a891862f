/**
 * Webhooks end to end (real app: api, projector, worker with its reactor and BullMQ queue on PostgreSQL):
 * endpoints created over REST with their secret shown once, deliveries verified by a local receiver with the
 * `standardwebhooks` package, 500 then 200 gives the same webhook-id twice, 410 disables, test event, manual
 * retry, rotation (both signatures during the overlap), the delivery log and health.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { loginToken, rest } from '../../../test-support/http.ts';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A local receiver: records every request; `answers[path]` says what to answer (a list is consumed in order). */
function startReceiver() {
  const received: Received[] = [];
  const answers: Record<string, number[]> = {};
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks).toString('utf8') });
      const queue = answers[path];
      const status = queue && queue.length > 1 ? queue.shift()! : (queue?.[0] ?? 200);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : `status ${status}`);
    });
  });
  return new Promise<{ url: string; received: Received[]; answers: Record<string, number[]>; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, received, answers, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

async function waitFor<T>(fn: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Webhooks', () => {
  let app: TestApp;
  let token: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    // The receiver is on loopback; retries 300 ms apart instead of 5 s, 5 min, …
    receiver = await startReceiver();
    app = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300' } });
    token = await loginToken(app, app.admin);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });

  const createWebhook = (name: string, path: string, events: string[]) => rest(app, '/api/admin/webhooks', { method: 'POST', token, json: { name, url: `${receiver.url}${path}`, events } });
  const createCustomer = (n: string) => rest(app, '/api/crm/customers', { method: 'POST', token, json: { name: `Hook ${n}`, email: `hook.${n}@example.com` } });
  const at = (path: string) => receiver.received.filter((r) => r.path === path);

  it('serves the event-type catalog with JSON Schemas', async () => {
    const res = await rest(app, '/api/admin/webhooks/event-types', { token });
    expect(res.status).toBe(200);
    const types = res.body.eventTypes.map((t: { type: string }) => t.type);
    expect(types).toEqual(expect.arrayContaining(['booking.requested', 'booking.confirmed', 'customer.created', 'deal.stage_changed', 'task.completed', 'webhook.test']));
    const customer = res.body.eventTypes.find((t: { type: string }) => t.type === 'customer.created');
    expect(customer.version).toBe(1);
    expect(customer.schema.type).toBe('object');
    expect(customer.schema.properties.customerId).toBeDefined();
  });

  it('validates input at the edge (400 naming the field) and requires a session', async () => {
    const bad = await rest(app, '/api/admin/webhooks', { method: 'POST', token, json: { name: '', url: 'ftp://x', events: ['nope'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/name/);
    expect(bad.body.message).toMatch(/url/);
    const anon = await rest(app, '/api/admin/webhooks', { method: 'GET' });
    expect(anon.status).toBe(401);
  });

  it('creates an endpoint (secret shown once, never in events) and delivers a signed customer.created', async () => {
    const res = await createWebhook('CRM sync', '/sync', ['customer.created']);
    expect(res.status).toBe(201);
    const hook = res.body.webhook;
    expect(res.body.success).toBe(true);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(hook).toMatchObject({ name: 'CRM sync', events: ['customer.created'], active: true });

    const list = await rest(app, '/api/admin/webhooks', { token });
    expect(list.body.webhooks.find((w: { id: string }) => w.id === hook.id)).toBeDefined();
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);
    const events = await app.platform.pool.query("SELECT data::text AS d FROM es_events WHERE stream_id = $1", [`webhook-${hook.id}`]);
    expect(events.rows.map((r: { d: string }) => r.d).join()).not.toContain(hook.secret.slice(6));
    // Stored sealed (docs/SECURITY.md "Secrets at rest"): the database alone does not give it away.
    const stored = (await app.platform.pool.query('SELECT secret FROM webhook_credentials WHERE webhook_id = $1', [hook.id])).rows[0].secret as string;
    expect(stored).toMatch(/^sealed:v1:/);
    expect(stored).not.toContain(hook.secret.slice(6));

    const customer = await createCustomer(`${Date.now()}`);
    expect(customer.status).toBe(201);
    const got = await waitFor(() => at('/sync')[0]);
    const payload = new Webhook(hook.secret).verify(got.body, got.headers) as { type: string; timestamp: string; data: { customerId: string } };
    expect(payload.type).toBe('customer.created');
    expect(payload.data.customerId).toBe(customer.body.data?.id ?? payload.data.customerId);
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(Number(got.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);

    const log = await waitFor(async () => {
      const r = await rest(app, `/api/admin/webhooks/${hook.id}/deliveries`, { token });
      return r.body.deliveries.length > 0 ? r : null;
    });
    expect(log.body.deliveries[0]).toMatchObject({ statusCode: 200, success: true, eventType: 'customer.created', attempt: 1, responseExcerpt: 'ok', error: null });
    const health = (await rest(app, '/api/admin/webhooks', { token })).body.webhooks.find((w: { id: string }) => w.id === hook.id).health;
    expect(health.successCount).toBe(1);
    expect(health.lastSuccessAt).not.toBeNull();
  });

  it('a receiver answering 500 then 200 gets the same webhook-id twice; the log shows both attempts', async () => {
    receiver.answers['/flaky'] = [500, 200];
    const hook = (await createWebhook('Flaky', '/flaky', ['customer.created'])).body.webhook;
    await createCustomer(`flaky${Date.now()}`);
    const [first, second] = await waitFor(() => (at('/flaky').length >= 2 ? at('/flaky') : null));
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    expect(new Webhook(hook.secret).verify(second!.body, second!.headers)).toBeTruthy();
    const log = await waitFor(async () => {
      const r = await rest(app, `/api/admin/webhooks/${hook.id}/deliveries`, { token });
      return r.body.deliveries.length >= 2 ? r : null;
    });
    expect(log.body.deliveries.map((d: { statusCode: number }) => d.statusCode)).toEqual([200, 500]);
    expect(log.body.deliveries[1]).toMatchObject({ success: false, error: 'HTTP 500', attempt: 1 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(at('/flaky')).toHaveLength(2);
  });

  it('410 Gone disables the endpoint (recorded as an event) and nothing more is sent to it', async () => {
    receiver.answers['/gone'] = [410];
    const hook = (await createWebhook('Gone', '/gone', ['customer.created'])).body.webhook;
    await createCustomer(`gone${Date.now()}`);
    await waitFor(() => at('/gone')[0]);
    const disabled = await waitFor(async () => {
      const w = (await rest(app, '/api/admin/webhooks', { token })).body.webhooks.find((x: { id: string }) => x.id === hook.id);
      return w.active === false ? w : null;
    });
    expect(disabled.disabledReason).toBe('gone');
    const events = await app.platform.pool.query('SELECT type FROM es_events WHERE stream_id = $1 ORDER BY stream_version', [`webhook-${hook.id}`]);
    expect(events.rows.map((r: { type: string }) => r.type)).toEqual(['WebhookEndpointCreated', 'WebhookEndpointDisabled']);
    await createCustomer(`gone2${Date.now()}`);
    await new Promise((r) => setTimeout(r, 1500));
    expect(at('/gone')).toHaveLength(1);
  });

  it('sends a test event, retries a delivery by hand with the same webhook-id, and signs with both secrets after a rotation', async () => {
    const hook = (await createWebhook('Manual', '/manual', ['deal.created'])).body.webhook;
    const test = await rest(app, `/api/admin/webhooks/${hook.id}/test`, { method: 'POST', token });
    expect(test.status).toBe(202);
    const got = await waitFor(() => at('/manual')[0]);
    const payload = new Webhook(hook.secret).verify(got.body, got.headers) as { type: string; data: { webhookId: string } };
    expect(payload).toMatchObject({ type: 'webhook.test', data: { webhookId: hook.id } });

    const log = await waitFor(async () => {
      const r = await rest(app, `/api/admin/webhooks/${hook.id}/deliveries`, { token });
      return r.body.deliveries.length > 0 ? r : null;
    });
    const deliveryId = log.body.deliveries[0].deliveryId;
    const retry = await rest(app, `/api/admin/webhooks/${hook.id}/deliveries/${encodeURIComponent(deliveryId)}/retry`, { method: 'POST', token });
    expect(retry.status).toBe(202);
    const again = await waitFor(() => at('/manual')[1]);
    expect(again.headers['webhook-id']).toBe(got.headers['webhook-id']);
    expect(again.body).toBe(got.body);

    const missing = await rest(app, `/api/admin/webhooks/${hook.id}/deliveries/nope/retry`, { method: 'POST', token });
    expect(missing.status).toBe(404);

    const rotated = await rest(app, `/api/admin/webhooks/${hook.id}/rotate-secret`, { method: 'POST', token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const both = (await app.platform.pool.query('SELECT secret, previous_secret FROM webhook_credentials WHERE webhook_id = $1', [hook.id])).rows[0];
    expect([both.secret, both.previous_secret].map((v: string) => v.startsWith('sealed:v1:'))).toEqual([true, true]);
    await rest(app, `/api/admin/webhooks/${hook.id}/test`, { method: 'POST', token });
    const third = await waitFor(() => at('/manual')[2]);
    expect(third.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.body.secret).verify(third.body, third.headers)).toBeTruthy();
    expect(new Webhook(hook.secret).verify(third.body, third.headers)).toBeTruthy();
  });

  it('updates and deletes an endpoint (404 afterwards)', async () => {
    const hook = (await createWebhook('Temp', '/temp', ['task.created'])).body.webhook;
    const upd = await rest(app, `/api/admin/webhooks/${hook.id}`, { method: 'PUT', token, json: { events: ['task.created', 'task.completed'], active: false } });
    expect(upd.status).toBe(200);
    expect(upd.body.webhook).toMatchObject({ events: ['task.created', 'task.completed'], active: false });
    const del = await rest(app, `/api/admin/webhooks/${hook.id}`, { method: 'DELETE', token });
    expect(del.status).toBe(200);
    expect((await rest(app, `/api/admin/webhooks/${hook.id}`, { token })).status).toBe(404);
    expect((await rest(app, `/api/admin/webhooks/${hook.id}/test`, { method: 'POST', token })).status).toBe(409);
  });
});
