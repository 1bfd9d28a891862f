/**
 * Who a manager or admin may assign customers, deals and tasks to (docs/CRM.md): any active, approved account,
 * checked against the account's own stream, so an account created a moment ago can be assigned before the
 * `users` view has it; an unknown or unapproved account is refused with 422 `assignee_not_found` and nothing
 * is written.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginToken, rest } from '../../../test-support/http.ts';

let app: TestApp;
let adminToken: string;
let customerId: string;

beforeAll(async () => {
  app = await startTestApp();
  adminToken = await loginToken(app, app.admin);
  const res = await rest(app, '/api/crm/customers', { method: 'POST', token: adminToken, json: { name: 'Linked Ltd' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  customerId = res.body.data.id;
});
afterAll(async () => {
  await app?.stop();
});

const eventCount = async () => Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);

const creates = {
  customers: (assignedTo: string) => ({ name: 'Assigned customer', assignedTo }),
  deals: (assignedTo: string) => ({ title: 'Assigned deal', value: 100, customerId, assignedTo }),
  tasks: (assignedTo: string) => ({ title: 'Assigned task', assignedTo }),
};

describe.each(Object.entries(creates))('POST /api/crm/%s with an assignee', (resource, body) => {
  const post = (assignedTo: string) => rest(app, `/api/crm/${resource}`, { method: 'POST', token: adminToken, json: body(assignedTo) });

  it('accepts an approved account even while the users view does not list it yet', async () => {
    const seller = await createAccount(app, { userType: 'user' });
    // Stand in for a users projection that has not caught up: the stream is the source of truth.
    await app.platform.pool.query('DELETE FROM users WHERE id = $1', [seller.id]);
    const res = await post(seller.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('refuses an unknown or unapproved account with 422 assignee_not_found and writes nothing', async () => {
    const pending = await createAccount(app, { userType: 'user', approved: false });
    for (const assignedTo of [randomUUID(), pending.id]) {
      const before = await eventCount();
      const res = await post(assignedTo);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.code).toBe('assignee_not_found');
      expect(await eventCount()).toBe(before);
    }
  });
});
