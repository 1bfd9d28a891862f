/**
 * Malformed input at the HTTP edge: what clients really send must never reach PostgreSQL as a 500.
 * - `Content-Type: application/json` with an empty body (many clients send it on DELETE) is no body.
 * - Broken JSON is a 400 that says what is wrong.
 * - Strings PostgreSQL cannot store (lone UTF-16 surrogates, U+0000) are a 400 naming the field, in a REST
 *   body, URL parameter or query and in tRPC input (body and `?input=`), and nothing is written.
 * - A sweep of every REST route with malformed params, queries and bodies answers no 5xx.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, trpcClient, type ApiResponse } from '../../../test-support/http.ts';
import { businessDayIn } from '../../../test-support/dates.ts';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = await loginToken(app, await createAccount(app, { userType: 'admin' }));
}, 60_000);
afterAll(async () => app?.stop());

/** A request with exactly these headers and body (no helper adds or encodes anything). */
async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<ApiResponse> {
  const res = await fetch(`${app.baseUrl}${path}`, { method: init.method ?? 'GET', headers: { authorization: `Bearer ${token}`, ...init.headers }, body: init.body });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, headers: res.headers };
}

async function eventCount(): Promise<number> {
  const { rows } = await app.platform.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events');
  return Number(rows[0]!.n);
}

async function createDeal(title: string): Promise<string> {
  const customer = await rest(app, '/api/crm/customers', { method: 'POST', token, json: { name: `${title} Ltd` } });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const deal = await rest(app, '/api/crm/deals', { method: 'POST', token, json: { title, value: 1000, customerId: customer.body.data.id } });
  expect(deal.status, JSON.stringify(deal.body)).toBe(201);
  return deal.body.deal.id as string;
}

const LONE_SURROGATE = /lone surrogate/;

describe('JSON bodies', () => {
  it('an empty body with Content-Type: application/json is no body: the same answer as without the header', async () => {
    const json = { 'content-type': 'application/json' };
    // A deal that does not exist: the same 404 either way.
    const missing = `/api/crm/deals/${randomUUID()}`;
    const withHeader = await send(missing, { method: 'DELETE', headers: json });
    const without = await send(missing, { method: 'DELETE' });
    expect(withHeader.status).toBe(404);
    expect(withHeader).toMatchObject({ status: without.status, body: without.body });

    // A real deal, deleted by its owner with the header and an empty body: 200, as without the header.
    const first = await createDeal('Empty body one');
    const second = await createDeal('Empty body two');
    const deleted = await send(`/api/crm/deals/${first}`, { method: 'DELETE', headers: json, body: '' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const plain = await send(`/api/crm/deals/${second}`, { method: 'DELETE' });
    expect(deleted.body).toEqual(plain.body);
    // Also with a charset and whitespace only.
    const spaced = await send(`/api/crm/deals/${randomUUID()}`, { method: 'DELETE', headers: { 'content-type': 'application/json; charset=utf-8' }, body: '  \n' });
    expect(spaced.status).toBe(404);
  });

  it('broken JSON is a 400 that says the body is not valid JSON, for REST and tRPC', async () => {
    const client = await loginSession(app, app.admin);
    const before = await eventCount();
    const broken = await send('/api/crm/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ success: false, message: expect.stringMatching(/^Invalid JSON body: .+/) });

    const poisoned = await send('/api/crm/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x","__proto__":{"admin":true}}' });
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.message).toMatch(/__proto__/);

    const trpc = await fetch(`${app.baseUrl}/trpc/customers.create`, {
      method: 'POST',
      headers: { cookie: client.cookie!, 'content-type': 'application/json', 'x-crm-csrf': '1', origin: app.baseUrl },
      body: '{"name":',
    });
    expect(trpc.status).toBe(400);
    expect(await eventCount()).toBe(before);
  });
});

describe('strings PostgreSQL cannot store', () => {
  it('a lone surrogate in a REST body is a 400 naming the field, and nothing is written', async () => {
    const before = await eventCount();
    // Sent as the JSON escape a client would send; JSON.parse makes it a lone UTF-16 surrogate.
    const res = await send('/api/crm/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Acme \\ud800","tags":["ok","\\udfff"]}' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: [expect.stringMatching(LONE_SURROGATE)], 'tags.1': [expect.stringMatching(LONE_SURROGATE)] });
    expect(res.body.message).toMatch(/name must be valid Unicode text/);

    // In a key, and in a nested update field of another route.
    const key = await send('/api/crm/tasks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"x","\\ud800":1}' });
    expect(key.status).toBe(400);
    const deal = await send(`/api/crm/deals/${randomUUID()}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"title":"\\udc00x"}' });
    expect(deal.status).toBe(400);
    expect(deal.body.errors).toEqual({ title: [expect.stringMatching(LONE_SURROGATE)] });
    expect(await eventCount()).toBe(before);
    // A well-formed pair (an emoji) is fine.
    const emoji = await send('/api/crm/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Acme \\ud83d\\ude00"}' });
    expect(emoji.status, JSON.stringify(emoji.body)).toBe(201);
    expect(emoji.body.data.name).toBe('Acme \u{1F600}');
  });

  it('in URL parameters and queries: a 400 naming the field, or taken literally, never a 500', async () => {
    const before = await eventCount();
    // A URL cannot carry a lone surrogate (percent-encoding is UTF-8): undecodable bytes stay as they were sent.
    const query = await send('/api/crm/customers?search=%ED%A0%80', {});
    expect(query.status).toBe(200);
    const param = await send('/api/crm/deals/%ED%A0%80', { method: 'DELETE' });
    expect(param.status).toBe(400);
    // NUL through a query and a URL parameter: refused naming the field.
    const nulQuery = await send('/api/crm/customers?search=a%00b', {});
    expect(nulQuery.status).toBe(400);
    expect(Object.keys(nulQuery.body.errors)).toEqual(['search']);
    const nulParam = await send('/api/admin/blocked-ips/1.2.3.4%00', { method: 'DELETE' });
    expect(nulParam.status).toBe(400);
    expect(Object.keys(nulParam.body.errors)).toEqual(['ip']);
    expect(await eventCount()).toBe(before);
  });

  it('a lone surrogate in tRPC input (mutation body and query ?input=) is a 400 naming the field, and nothing is written', async () => {
    const client = await loginSession(app, app.admin);
    const before = await eventCount();
    const created = await client.mutation('customers.create', { name: 'Acme \ud800' });
    expect(created.status).toBe(400);
    expect(created.body.data.fieldErrors).toEqual({ name: [expect.stringMatching(LONE_SURROGATE)] });
    expect(created.body.data.fieldIssues).toEqual({ name: [{ kind: 'format' }] });

    const listed = await client.query('customers.list', { search: '\udbff' });
    expect(listed.status).toBe(400);
    expect(listed.body.data.fieldErrors).toEqual({ search: [expect.stringMatching(LONE_SURROGATE)] });

    // A public procedure too (no session needed to reach the database).
    const anonymous = await trpcClient(app).mutation('auth.login', { email: 'a@example.com', password: 'x\udc00' });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.data.fieldErrors).toEqual({ password: [expect.stringMatching(LONE_SURROGATE)] });
    expect(await eventCount()).toBe(before);
  });
});

describe('the malformed-input sweep of every REST route', () => {
  const SURROGATE = '\ud800';
  const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString();
  /**
   * A body valid for many routes at once (a schema ignores keys it does not know), and per key the malformed
   * values of its kind: what PostgreSQL refuses or overflows on (int4, dates outside its range, non-UUIDs,
   * strings it cannot store) and shapes a schema might not expect.
   */
  const STRING_BAD = [`x${SURROGATE}`, 'a\u0000b', 'x'.repeat(20_000), { nested: [1] }, ['a'], 12];
  const NUMBER_BAD = [2147483648, -2147483649, 1e308, -1, 0.5, '12abc', 'NaN'];
  const DATE_BAD = ['0000-01-01', '-000001-01-01', '10000-01-01T00:00:00Z', '2024-02-30', 1e15, 'yesterday'];
  const ID_BAD = ['not-a-uuid', '00000000-0000-0000-0000-00000000000g', 42, SURROGATE];
  const fields = (ids: { customerId: string; dealId: string; taskId: string }): [string, unknown, unknown[]][] => [
    ['name', 'Sweep Person', STRING_BAD],
    ['title', 'Sweep', STRING_BAD],
    ['email', 'sweep@example.com', STRING_BAD],
    ['password', 'a-long-sweep-password', STRING_BAD],
    ['message', 'Hello from the sweep', STRING_BAD],
    ['token', 'sweep-token', STRING_BAD],
    ['ip', '198.51.100.9', [...STRING_BAD, '999.1.1.1', '::ffff:999.1.1.1']],
    ['stage', 'prospecting', STRING_BAD],
    ['status', 'lead', STRING_BAD],
    ['value', 1000, NUMBER_BAD],
    ['probability', 50, NUMBER_BAD],
    ['leadScore', 10, NUMBER_BAD],
    ['estimatedHours', 2, NUMBER_BAD],
    ['durationDays', 7, NUMBER_BAD],
    ['preferredDate', businessDayIn(5), DATE_BAD],
    ['preferredTime', '10:00', ['25:00', '10:00:00.5', ...STRING_BAD]],
    ['dueDate', inDays(1), DATE_BAD],
    ['expectedCloseDate', inDays(30).slice(0, 10), DATE_BAD],
    ['customerId', ids.customerId, ID_BAD],
    ['dealId', ids.dealId, ID_BAD],
    ['userId', randomUUID(), ID_BAD],
    ['assignedTo', null, ID_BAD],
    ['id', randomUUID(), ID_BAD],
    ['tags', ['sweep'], [[SURROGATE], [{}], 'sweep', Array.from({ length: 1000 }, (_, i) => `t${i}`)]],
    ['meetingType', 'sales', STRING_BAD],
  ];
  const QUERY_KEYS = ['page', 'limit', 'search', 'q', 'status', 'stage', 'sort', 'order', 'from', 'to', 'period', 'deleted', 'token', 'assignedTo', 'customerId', 'type'];
  const QUERY_VALUES = ['-1', '99999999999999999999', '1e400', '0000-01-01', 'not-a-uuid', '%ED%A0%80', '%00'];

  it('answers no 5xx for malformed params, queries and bodies', async () => {
    const customer = await rest(app, '/api/crm/customers', { method: 'POST', token, json: { name: 'Sweep Target' } });
    const customerId = (customer.body?.data?.id as string | undefined) ?? randomUUID();
    const deal = await rest(app, '/api/crm/deals', { method: 'POST', token, json: { title: 'Sweep deal', value: 1, customerId } });
    const task = await rest(app, '/api/crm/tasks', { method: 'POST', token, json: { title: 'Sweep task' } });
    const ids = { customerId, dealId: (deal.body?.deal?.id as string | undefined) ?? randomUUID(), taskId: (task.body?.task?.id as string | undefined) ?? randomUUID() };
    const realId = (url: string) => (url.startsWith('/api/crm/deals') ? ids.dealId : url.startsWith('/api/crm/tasks') ? ids.taskId : ids.customerId);
    const withParams = (url: string, value: (name: string) => string) => url.replace(/:(\w+)/g, (_m, name: string) => value(name));
    const json = { 'content-type': 'application/json' };
    const valid = Object.fromEntries(fields(ids).map(([key, good]) => [key, good]));

    const failures: string[] = [];
    let requests = 0;
    const check = async (label: string, path: string, init: { method: string; headers?: Record<string, string>; body?: string }) => {
      requests++;
      const res = await send(path, init);
      if (res.status >= 500) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    };
    /** A few requests at a time (one app on two shared cores). */
    const all = async (jobs: (() => Promise<void>)[]) => {
      const queue = [...jobs];
      const runner = async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await job();
      };
      await Promise.all([runner(), runner(), runner(), runner()]);
    };

    // DELETE routes last: they would remove the records the other routes work on.
    const routes = [...app.platform.routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const jobs: (() => Promise<void>)[] = [];
      const good = withParams(route.url, (name) => (name === 'ip' ? '198.51.100.9' : name === 'fileId' ? randomUUID() : realId(route.url)));
      const hasBody = route.method === 'POST' || route.method === 'PUT';
      const request = (label: string, path: string, body?: string) => jobs.push(() => check(`${route.method} ${label}`, path, { method: route.method, ...(body === undefined ? {} : { headers: json, body }) }));

      // URL parameters.
      if (route.url.includes(':')) {
        for (const bad of ['not-a-uuid', '-1', '99999999999999999999', '0000-01-01', '%ED%A0%80', '%00', 'x'.repeat(400), '..%2F..%2Fetc']) {
          const path = withParams(route.url, () => bad);
          request(path.slice(0, 80), path, hasBody ? '{}' : undefined);
        }
      }
      // Queries, where lists read their filters and pages.
      if (route.method === 'GET') {
        for (const key of QUERY_KEYS) {
          for (const bad of QUERY_VALUES) request(`${route.url}?${key}=${bad}`, `${good}?${key}=${bad}`);
          request(`${route.url}?${key}=a&${key}=b`, `${good}?${key}=a&${key}=b`);
        }
      }
      // Bodies: shapes that are not an object, then one malformed field at a time over a valid body.
      if (hasBody) {
        for (const body of ['[]', 'null', '"text"', '123', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`]) request(`${route.url} body ${body.slice(0, 12)}`, good, body);
        for (const [key, , bads] of fields(ids)) {
          for (const bad of bads) request(`${route.url} ${key}=${JSON.stringify(bad).slice(0, 30)}`, good, JSON.stringify({ ...valid, [key]: bad }));
        }
      }
      // An empty JSON body on every method that may carry one.
      if (route.method !== 'GET') request(`${route.url} empty JSON body`, good, '');
      await all(jobs);
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  }, 300_000);
});
