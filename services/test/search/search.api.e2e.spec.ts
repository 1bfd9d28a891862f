/**
 * The command palette's search over HTTP (issue 12 §3): REST `GET /api/crm/search?q=` and tRPC `search.query`
 * against a running platform, on customers, deals, tasks and bookings created through the REST API: finding a
 * customer by company and by an e-mail fragment, deals and tasks by title, bookings by company; a `user` sees
 * only the records assigned to them and no bookings; LIKE wildcards are plain text; deleted customers are not
 * found; the limit per kind; bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchResults } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, type TestAccount } from '../../../test-support/http.ts';

let app: TestApp;
let manager: TestAccount;
let user: TestAccount;
let managerToken: string;
let userToken: string;

const api = (path: string, token: string | undefined, init: RequestInit & { json?: unknown } = {}) => rest(app, path, { ...init, ...(token ? { token } : {}) });

async function create<T extends { id: string }>(path: string, token: string, body: Record<string, unknown>, key: string): Promise<T> {
  const res = await api(path, token, { method: 'POST', json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body[key] as T;
}

async function search(token: string, q: string, limit?: number): Promise<SearchResults> {
  const res = await api(`/api/crm/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.results as SearchResults;
}
const ids = (hits: { id: string }[]) => hits.map((h) => h.id);

/** A business day (Monday to Friday, BUSINESS_DAYS' default) at least `n` days ahead, `YYYY-MM-DD`. */
function businessDayIn(n: number): string {
  const day = new Date(Date.now() + n * 86400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
const meetingDay = businessDayIn(10);

let managerCustomer: { id: string };
let userCustomer: { id: string };
let managerDeal: { id: string };
let userDeal: { id: string };
let managerTask: { id: string; dueDate: string | null };
let userTask: { id: string };
let booking: { id: string };

beforeAll(async () => {
  app = await startTestApp();
  manager = await createAccount(app, { userType: 'manager', name: 'Mona Manager' });
  user = await createAccount(app, { userType: 'user', name: 'Uma User' });
  [managerToken, userToken] = await Promise.all([loginToken(app, manager), loginToken(app, user)]);
  await vi.waitFor(async () => expect((await app.platform.pool.query('SELECT 1 FROM users WHERE id = ANY($1::uuid[])', [[manager.id, user.id]])).rowCount).toBe(2), { timeout: 5000 });

  managerCustomer = await create('/api/crm/customers', managerToken, { name: 'Zephyrine Quill', email: 'zq.48213@orbitalfoxes.example', company: 'Orbital Foxes Ltd' }, 'data');
  userCustomer = await create('/api/crm/customers', userToken, { name: 'Umberto Ulm', email: 'umberto@lanternworks.example', company: 'Orbital Lantern Works' }, 'data');
  managerDeal = await create('/api/crm/deals', managerToken, { title: 'Orbital expansion 2031', value: 42000, customerId: managerCustomer.id }, 'deal');
  userDeal = await create('/api/crm/deals', userToken, { title: 'Orbital lantern pilot', value: 900, customerId: userCustomer.id }, 'deal');
  managerTask = await create('/api/crm/tasks', managerToken, { title: 'Call Orbital Foxes about renewal', description: 'quarterly' }, 'task');
  userTask = await create('/api/crm/tasks', userToken, { title: 'Orbital lantern follow-up', description: null }, 'task');
  const res = await api('/api/bookings', undefined, {
    method: 'POST',
    json: { name: 'Bea Booker', email: 'bea@orbitalfoxes.example', company: 'Orbital Foxes Ltd', meetingType: 'demo', preferredDate: meetingDay, preferredTime: '10:00' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  booking = res.body.booking;
  // A public booking answers from its event: wait for its read model.
  await vi.waitFor(async () => expect((await app.platform.pool.query('SELECT 1 FROM bookings WHERE id = $1', [booking.id])).rowCount).toBe(1), { timeout: 5000 });
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

describe('finding records', () => {
  it('finds a customer by company, case-insensitively, with its name, e-mail and company', async () => {
    const results = await search(managerToken, 'ORBITAL foxes');
    expect(results.customers).toEqual([{ id: managerCustomer.id, name: 'Zephyrine Quill', email: 'zq.48213@orbitalfoxes.example', company: 'Orbital Foxes Ltd' }]);
  });

  it('finds a customer by a fragment of the e-mail (also an e-mail-like fragment with digits)', async () => {
    expect(ids((await search(managerToken, 'zq.482')).customers)).toEqual([managerCustomer.id]);
    expect(ids((await search(managerToken, '48213@orbitalfox')).customers)).toEqual([managerCustomer.id]);
    expect(ids((await search(managerToken, 'lanternworks.example')).customers)).toEqual([userCustomer.id]);
  });

  it('finds deals by title, with the customer name, value and stage', async () => {
    const results = await search(managerToken, 'expansion 2031');
    expect(results.deals).toEqual([{ id: managerDeal.id, title: 'Orbital expansion 2031', customerName: 'Zephyrine Quill', value: 42000, stage: 'prospecting' }]);
  });

  it('finds tasks by title (not by description)', async () => {
    const results = await search(managerToken, 'renewal');
    // The same due date as the task itself (a task created without one is due at the end of its day).
    expect(results.tasks).toEqual([{ id: managerTask.id, title: 'Call Orbital Foxes about renewal', status: 'pending', dueDate: managerTask.dueDate }]);
    expect((await search(managerToken, 'quarterly')).tasks).toEqual([]);
  });

  it('finds bookings by company for a caller who may read bookings', async () => {
    const results = await search(managerToken, 'orbital foxes');
    expect(results.bookings).toEqual([
      { id: booking.id, name: 'Bea Booker', email: 'bea@orbitalfoxes.example', company: 'Orbital Foxes Ltd', date: meetingDay, time: '10:00', status: 'pending' },
    ]);
  });

  it('a manager sees every kind across owners, newest first', async () => {
    const results = await search(managerToken, 'orbital');
    expect(ids(results.customers)).toEqual([userCustomer.id, managerCustomer.id]);
    expect(ids(results.deals)).toEqual([userDeal.id, managerDeal.id]);
    expect(ids(results.tasks)).toEqual([userTask.id, managerTask.id]);
    expect(ids(results.bookings)).toEqual([booking.id]);
  });

  it('the same through tRPC search.query', async () => {
    const trpc = await loginSession(app, manager);
    const res = await trpc.query('search.query', { q: 'orbital foxes' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ids(res.body.customers)).toEqual([managerCustomer.id]);
    expect(ids(res.body.bookings)).toEqual([booking.id]);
  });

  it('LIKE wildcards are plain text, and deleted customers are not found', async () => {
    expect(await search(managerToken, '%')).toEqual({ customers: [], deals: [], tasks: [], bookings: [] });
    expect(await search(managerToken, 'orbital_foxes')).toEqual({ customers: [], deals: [], tasks: [], bookings: [] });
    const gone = await create<{ id: string }>('/api/crm/customers', managerToken, { name: 'Vanishing Vera', company: 'Evanescent Inc' }, 'data');
    expect(ids((await search(managerToken, 'evanescent')).customers)).toEqual([gone.id]);
    expect((await api(`/api/crm/customers/${gone.id}`, managerToken, { method: 'DELETE' })).status).toBe(200);
    await vi.waitFor(async () => expect((await search(managerToken, 'evanescent')).customers).toEqual([]), { timeout: 5000 });
  });

  it('returns at most `limit` of each kind (5 by default)', async () => {
    for (let i = 0; i < 6; i += 1) await create('/api/crm/customers', managerToken, { name: `Limitless ${i}`, company: 'Limitless Co' }, 'data');
    expect((await search(managerToken, 'limitless')).customers).toHaveLength(5);
    expect((await search(managerToken, 'limitless', 2)).customers).toHaveLength(2);
    expect((await search(managerToken, 'limitless', 20)).customers).toHaveLength(6);
  });
});

describe('scope', () => {
  it('a user sees only the customers, deals and tasks assigned to them, and no bookings', async () => {
    const results = await search(userToken, 'orbital');
    expect(ids(results.customers)).toEqual([userCustomer.id]);
    expect(ids(results.deals)).toEqual([userDeal.id]);
    expect(ids(results.tasks)).toEqual([userTask.id]);
    expect(results.bookings).toEqual([]);
    expect(await search(userToken, 'orbital foxes')).toEqual({ customers: [], deals: [], tasks: [], bookings: [] });
  });

  it('a user gets no bookings through tRPC either', async () => {
    const trpc = await loginSession(app, user);
    const res = await trpc.query('search.query', { q: 'bea@orbitalfoxes' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ customers: [], deals: [], tasks: [], bookings: [] });
  });

  it('needs a login', async () => {
    expect((await api('/api/crm/search?q=orbital', undefined)).status).toBe(401);
    const res = await rest(app, `/trpc/search.query?input=${encodeURIComponent(JSON.stringify({ q: 'orbital' }))}`);
    expect(res.status).toBe(401);
  });
});

describe('bad input', () => {
  it('is a 400 naming the field (REST and tRPC)', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=a%00b', 'q'],
      ['q=orbital&limit=0', 'limit'],
      ['q=orbital&limit=21', 'limit'],
      ['q=orbital&limit=two', 'limit'],
    ] as const) {
      const res = await api(`/api/crm/search?${query}`, managerToken);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(Object.keys(res.body.errors), query).toContain(field);
      expect(res.body.message).toContain(field);
    }
    // 100 characters are fine.
    expect((await api(`/api/crm/search?q=${'x'.repeat(100)}`, managerToken)).status).toBe(200);
    const trpc = await loginSession(app, manager);
    for (const input of [{ q: '' }, { q: 'x'.repeat(101) }, { q: 'a\u0000b' }]) {
      const res = await trpc.query('search.query', input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('"q"');
    }
  });
});
