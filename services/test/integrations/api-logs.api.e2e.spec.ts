/**
 * API logs over HTTP (issue 15): requests made with an API key appear in GET /api/admin/api-logs and
 * `apiLogs.list` with method, route pattern and path, status, duration, request id and key (and the error's code
 * and message, no body); session-token requests are not logged; filters and paging; bad filters are a 400 naming
 * the field; only `integrations:manage` may read them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiLogEntry } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest } from '../../../test-support/http.ts';

let app: TestApp;
let adminToken: string;
let key: { id: string; key: string; name: string };

beforeAll(async () => {
  // Webhook deliveries go to a receiver on loopback in this test.
  app = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
  adminToken = await loginToken(app, app.admin);
  const created = await rest(app, '/api/admin/api-keys', { method: 'POST', token: adminToken, json: { name: 'Zapier sync', scopes: ['customers:read', 'customers:write'] } });
  expect(created.status).toBe(201);
  key = created.body.apiKey as typeof key;
});
afterAll(async () => {
  await app?.stop();
});

const logs = async (query = '') => {
  const res = await rest(app, `/api/admin/api-logs${query}`, { token: adminToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { success: boolean; data: ApiLogEntry[]; total: number };
};
async function waitForLogs(query: string, count: number) {
  for (let i = 0; i < 60; i++) {
    const body = await logs(query);
    if (body.total >= count) return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} API log rows for ${query}`);
}

describe('API logs', () => {
  it('records a request made with a key: method, route and path, status, duration, request id and key', async () => {
    const started = Date.now();
    const res = await fetch(`${app.baseUrl}/api/crm/customers?page=1`, { headers: { authorization: `Bearer ${key.key}`, 'x-correlation-id': 'corr-list-1' } });
    expect(res.status).toBe(200);
    const body = await waitForLogs('', 1);
    expect(body.success).toBe(true);
    const [row] = body.data;
    expect(row).toMatchObject({ source: 'api', method: 'GET', endpoint: '/api/crm/customers', path: '/api/crm/customers', status: 200, requestId: 'corr-list-1', keyId: key.id, keyName: 'Zapier sync', errorCode: null, errorMessage: null });
    expect(row!.durationMs).toBeGreaterThan(0);
    expect(row!.durationMs).toBeLessThan(Date.now() - started + 1);
    expect(Math.abs(new Date(row!.at).getTime() - started)).toBeLessThan(5000);
  });

  it('records a refused request with its error code and message, never its body; session requests are not logged', async () => {
    const bad = await fetch(`${app.baseUrl}/api/crm/customers`, { method: 'POST', headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: '', email: 'not-an-email', notes: 'secret-body-value' }) });
    expect(bad.status).toBe(400);
    const forbidden = await fetch(`${app.baseUrl}/api/admin/users`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(forbidden.status).toBe(403);
    // The admin's session token: not an API key request.
    expect((await rest(app, '/api/crm/customers', { token: adminToken })).status).toBe(200);

    const body = await waitForLogs('', 3);
    expect(body.total).toBe(3);
    const [users, post] = body.data;
    expect(users).toMatchObject({ method: 'GET', endpoint: '/api/admin/users', status: 403, errorMessage: 'This API key lacks the scope users:read' });
    expect(post).toMatchObject({ method: 'POST', endpoint: '/api/crm/customers', status: 400 });
    expect(post!.errorMessage).toMatch(/^Invalid input/);
    expect(JSON.stringify(body.data)).not.toContain('secret-body-value');
    expect(JSON.stringify(body.data)).not.toContain(key.key);
  });

  it('filters by method, status class, key and endpoint, and pages', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${app.baseUrl}/api/crm/customers/00000000-0000-4000-8000-00000000000${i}`, { headers: { authorization: `Bearer ${key.key}` } });
      expect(res.status).toBe(404);
    }
    await waitForLogs('', 8);
    expect((await logs('?method=POST')).total).toBe(1);
    expect((await logs('?status=4xx')).total).toBe(7);
    expect((await logs('?status=2xx')).data.map((r) => r.status)).toEqual([200]);
    expect((await logs('?status=5xx')).total).toBe(0);
    expect((await logs(`?keyId=${key.id}`)).total).toBe(8);
    expect((await logs('?keyId=another')).total).toBe(0);
    const byId = await logs('?search=customers/:id');
    expect(byId.total).toBe(5);
    expect(byId.data[0]!.path).toMatch(/^\/api\/crm\/customers\/0{8}-/);
    expect((await logs('?search=000000000003')).total).toBe(1);
    const page1 = await logs('?limit=3&page=1');
    const page3 = await logs('?limit=3&page=3');
    expect(page1.data).toHaveLength(3);
    expect(page3.data).toHaveLength(2);
    expect(page1.total).toBe(8);
    expect(new Set([...page1.data, ...(await logs('?limit=3&page=2')).data, ...page3.data].map((r) => r.id)).size).toBe(8);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await logs(`?from=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await logs(`?to=${encodeURIComponent(future)}`)).total).toBe(8);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const res = await rest(app, '/api/admin/api-logs?status=6xx&limit=1000', { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/status/);
    expect(res.body.message).toMatch(/limit/);
    expect((await rest(app, '/api/admin/api-logs?from=yesterday', { token: adminToken })).status).toBe(400);
  });

  it('tRPC apiLogs.list answers the same rows; only integrations:manage may read them', async () => {
    const admin = await loginSession(app, app.admin);
    const res = await admin.query('apiLogs.list', { status: '4xx', limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 7 });
    expect((res.body as { items: unknown[] }).items).toHaveLength(2);

    const manager = await createAccount(app, { userType: 'manager', name: 'Mia Manager' });
    expect((await rest(app, '/api/admin/api-logs', { token: await loginToken(app, manager) })).status).toBe(403);
    expect((await rest(app, '/api/admin/api-logs')).status).toBe(401);
    // A key cannot read the logs (no scope maps onto integrations:manage).
    expect((await fetch(`${app.baseUrl}/api/admin/api-logs`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(403);
  });

  it('lists webhook delivery attempts as rows of the same log (source webhook, POST to the URL, the webhook-id)', async () => {
    const received: string[] = [];
    const receiver = http.createServer((req, res) => {
      received.push(String(req.headers['webhook-id']));
      res.writeHead(503).end('busy');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const created = await rest(app, '/api/admin/webhooks', { method: 'POST', token: adminToken, json: { name: 'Receiver', url, events: ['customer.created'] } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const webhookId = (created.body.webhook as { id: string }).id;
      expect((await rest(app, `/api/admin/webhooks/${webhookId}/test`, { method: 'POST', token: adminToken })).status).toBe(202);
      let rows: ApiLogEntry[] = [];
      for (let i = 0; i < 100 && rows.length === 0; i++) {
        rows = (await logs(`?keyId=${webhookId}`)).data;
        if (rows.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(rows.length).toBeGreaterThanOrEqual(1);
      const last = rows.at(-1)!;
      expect(last).toMatchObject({ source: 'webhook', method: 'POST', endpoint: url, path: url, keyId: webhookId, keyName: null });
      expect(last.requestId).toMatch(/^msg_/);
      if (last.status === 503) {
        // Delivered: the receiver saw this webhook-id and answered 503.
        expect(last.errorCode).toBe('503');
        expect(received).toContain(last.requestId);
        expect((await logs(`?keyId=${webhookId}&status=5xx&method=POST&search=/hooks`)).total).toBe(rows.length);
      } else {
        // Refused before connecting (the sender's SSRF check, when private networks are not allowed): no answer.
        expect(last).toMatchObject({ status: 0, errorCode: 'network_error' });
        expect(last.errorMessage).toMatch(/refused/);
      }
      expect((await logs(`?keyId=${webhookId}&method=POST&search=/hooks`)).total).toBe(rows.length);
      expect((await logs(`?keyId=${webhookId}&status=2xx`)).total).toBe(0);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
