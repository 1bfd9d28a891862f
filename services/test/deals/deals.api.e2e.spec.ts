/**
 * Deals over HTTP (spec 02 §7, Sales Pipeline): REST `GET/POST /api/crm/deals`, `PUT/DELETE /api/crm/deals/:id`
 * and tRPC `deals.*` against a running platform: create, board (columns, summary, search, customer and
 * assignee names), move (same stage writes nothing; deleted → 404), update, delete, bad input (400 naming the
 * field, nothing written), record-level scope per role, and forecast / metrics numbers on known data.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerStreamId, dealCreateInput, dealMoveInput, type CrmActor, type DealBoardResult, type DealStagePage, type DealView, type NewEvent } from '@crm/contracts';
import { createDealsService } from '../../src/deals/deals.service.ts';
import { monthPeriod } from '../../src/deals/deal-analytics.ts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, type TestAccount } from '../../../test-support/http.ts';

let app: TestApp;
let manager: TestAccount;
let user: TestAccount;
let otherUser: TestAccount;
let managerToken: string;
let userToken: string;
let otherToken: string;
let admin: TestAccount;
let adminToken: string;

const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, schemaVersion: 1, data, metadata: { correlationId: 'test' } });

/** A customer written straight to its stream (the customers API is another module's). */
async function customer(name: string, company: string | null, assignedTo: string | null, options: { deleted?: boolean } = {}) {
  const customerId = randomUUID();
  const at = new Date().toISOString();
  await app.platform.store.append(
    customerStreamId(customerId),
    [
      ev('CustomerCreated', {
        customerId, name, email: null, phone: null, company, website: null, address: null, city: null, country: null, industry: null,
        leadSource: null, notes: null, status: 'lead', leadScore: 0, assignedTo, tags: [], createdAt: at, createdBy: null,
      }),
      ...(options.deleted ? [ev('CustomerDeleted', { customerId, deletedAt: at, deletedBy: null })] : []),
    ],
    { expectedVersion: 'no_stream' },
  );
  await vi.waitFor(async () => expect((await app.platform.pool.query('SELECT 1 FROM crm_customers WHERE id = $1', [customerId])).rowCount).toBe(1), { timeout: 5000 });
  return customerId;
}

const eventCount = async () => Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);
const api = (path: string, token: string | undefined, init: RequestInit & { json?: unknown } = {}) => rest(app, path, { ...init, ...(token ? { token } : {}) });
async function createDeal(token: string, body: Record<string, unknown>): Promise<DealView> {
  const res = await api('/api/crm/deals', token, { method: 'POST', json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.deal as DealView;
}
const listIds = async (token: string) => {
  const res = await api('/api/crm/deals', token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
  return (res.body.deals as DealView[]).map((d) => d.id);
};

let acme: string; // the manager's customer
let umaCustomer: string; // the user's customer

beforeAll(async () => {
  app = await startTestApp();
  manager = await createAccount(app, { userType: 'manager', name: 'Mona Manager' });
  user = await createAccount(app, { userType: 'user', name: 'Uma User' });
  otherUser = await createAccount(app, { userType: 'user', name: 'Otto Other' });
  admin = await createAccount(app, { userType: 'admin', name: 'Ada Admin' });
  [managerToken, userToken, otherToken, adminToken] = await Promise.all([loginToken(app, manager), loginToken(app, user), loginToken(app, otherUser), loginToken(app, admin)]);
  await vi.waitFor(async () => expect((await app.platform.pool.query('SELECT 1 FROM users WHERE id = ANY($1::uuid[])', [[manager.id, user.id, otherUser.id, admin.id]])).rowCount).toBe(4), { timeout: 5000 });
  acme = await customer('Ada Lovelace', 'Acme Corp', manager.id);
  umaCustomer = await customer('Grace Hopper', 'Navy Labs', user.id);
});
afterAll(async () => {
  await app?.stop();
});

describe('create and read', () => {
  it('POST creates a deal in prospecting with the default probability, assigned to the caller, with the real customer name', async () => {
    const deal = await createDeal(managerToken, { title: 'Acme renewal', value: '12500.5', customerId: acme, expectedCloseDate: '2031-01-15', leadSource: 'referral', tags: ['q1', 'q1'] });
    expect(deal).toMatchObject({
      title: 'Acme renewal',
      value: 12500.5,
      probability: 10,
      stage: 'prospecting',
      customerId: acme,
      customerName: 'Ada Lovelace',
      customerCompany: 'Acme Corp',
      assignedTo: manager.id,
      assignedToName: 'Mona Manager',
      expectedCloseDate: '2031-01-15',
      leadSource: 'referral',
      tags: ['q1'],
      closedAt: null,
    });
    const res = await api('/api/crm/deals', managerToken);
    expect(res.body.deals.find((d: DealView) => d.id === deal.id)).toEqual(deal);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const trpc = await loginSession(app, manager);
    const before = await eventCount();
    for (const [body, field] of [
      [{ value: 1, customerId: acme }, 'title'],
      [{ title: 'x', value: -1, customerId: acme }, 'value'],
      [{ title: 'x', value: 'abc', customerId: acme }, 'value'],
      [{ title: 'x', value: 1, customerId: 'nope' }, 'customerId'],
      [{ title: 'x', value: 1, customerId: acme, probability: 101 }, 'probability'],
      [{ title: 'x', value: 1, customerId: acme, stage: 'won' }, 'stage'],
      [{ title: 'x', value: 1, customerId: acme, expectedCloseDate: '2031-02-30' }, 'expectedCloseDate'],
      // Years PostgreSQL cannot store (a stored one would stop the deals read model) and years no deal closes in.
      [{ title: 'x', value: 1, customerId: acme, expectedCloseDate: '0000-06-01' }, 'expectedCloseDate'],
      [{ title: 'x', value: 1, customerId: acme, expectedCloseDate: '1899-12-31' }, 'expectedCloseDate'],
      [{ title: 'x\u0000', value: 1, customerId: acme }, 'title'],
    ] as const) {
      const res = await api('/api/crm/deals', managerToken, { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(field);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    const bad = await trpc.mutation('deals.create', { title: '', value: 1, customerId: acme });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('title');
    const badPut = await api(`/api/crm/deals/${randomUUID()}`, managerToken, { method: 'PUT', json: { stage: 'nowhere' } });
    expect(badPut.status).toBe(400);
    expect(badPut.body.message).toContain('stage');
    expect(await eventCount()).toBe(before);
  });

  it('refuses an unknown or deleted customer with 422, nothing written', async () => {
    const deletedCustomer = await customer('Gone Ltd', null, manager.id, { deleted: true });
    const before = await eventCount();
    const unknown = await api('/api/crm/deals', managerToken, { method: 'POST', json: { title: 'x', value: 1, customerId: randomUUID() } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ success: false, code: 'customer_not_found' });
    const deleted = await api('/api/crm/deals', managerToken, { method: 'POST', json: { title: 'x', value: 1, customerId: deletedCustomer } });
    expect(deleted.status).toBe(422);
    expect(deleted.body.code).toBe('customer_deleted');
    expect(await eventCount()).toBe(before);
  });
});

describe('board, move, update, delete (tRPC and REST)', () => {
  it('shows the six stages with counts, totals, averages and the summary cards; search over title, customer and company', async () => {
    const otto = await customer('Otto Customer', 'Otto GmbH', otherUser.id);
    const token = otherToken;
    await createDeal(token, { title: 'Alpha', value: 1000, customerId: otto });
    await createDeal(token, { title: 'Beta', value: 3000, customerId: otto, stage: 'proposal' });
    await createDeal(token, { title: 'Gamma', value: 2000, customerId: otto, stage: 'proposal', probability: 20 });
    await createDeal(token, { title: 'Delta', value: 500, customerId: otto, stage: 'closed_won' });
    await createDeal(token, { title: 'Epsilon', value: 700, customerId: otto, stage: 'closed_lost' });
    const client = await loginSession(app, otherUser);
    const res = await client.query('deals.board', { search: '' });
    expect(res.status).toBe(200);
    const board = res.body as DealBoardResult;
    expect(board.stages.map((s) => s.stage)).toEqual(['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost']);
    expect(board.stages.map((s) => [s.count, s.totalValue, s.averageValue])).toEqual([
      [1, 1000, 1000],
      [0, 0, 0],
      [2, 5000, 2500],
      [0, 0, 0],
      [1, 500, 500],
      [1, 700, 700],
    ]);
    // Total and weighted count the open deals only (not closed won or lost):
    // total 1000 + 3000 + 2000; weighted 1000×10% + 3000×50% + 2000×20% = 100 + 1500 + 400
    expect(board.summary).toEqual({ totalValue: 6000, weightedValue: 2000, activeDeals: 3, wonDeals: 1 });
    expect(board.stages[2]!.deals[0]).toMatchObject({ title: 'Gamma', customerName: 'Otto Customer', customerCompany: 'Otto GmbH', assignedToName: 'Otto Other' });

    const byTitle = (await client.query('deals.board', { search: 'ALP' })).body as DealBoardResult;
    expect(byTitle.stages.flatMap((s) => s.deals.map((d) => d.title))).toEqual(['Alpha']);
    expect(byTitle.summary).toEqual({ totalValue: 1000, weightedValue: 100, activeDeals: 1, wonDeals: 0 });
    const byCompany = (await client.query('deals.board', { search: 'gmbh' })).body as DealBoardResult;
    expect(byCompany.summary.totalValue).toBe(6000);
    const byCustomer = (await client.query('deals.board', { search: 'otto cust' })).body as DealBoardResult;
    expect(byCustomer.summary.activeDeals).toBe(3);
    const none = (await client.query('deals.board', { search: 'zzz%' })).body as DealBoardResult;
    expect(none.summary).toEqual({ totalValue: 0, weightedValue: 0, activeDeals: 0, wonDeals: 0 });

    // Paged columns: perStage 1 sends the newest card per column; numbers and summary still cover every deal.
    const paged = (await client.query('deals.board', { search: '', perStage: 1 })).body as DealBoardResult;
    expect(paged.stages[2]!.deals.map((d) => d.title)).toEqual(['Gamma']);
    expect(paged.stages[2]).toMatchObject({ count: 2, totalValue: 5000, averageValue: 2500 });
    expect(paged.summary).toEqual(board.summary);
    expect(paged.stages[2]!.next).toEqual({ createdAt: paged.stages[2]!.deals[0]!.createdAt, id: paged.stages[2]!.deals[0]!.id });
    expect(paged.stages[0]!.next).toBeNull();
    const more = await client.query('deals.stagePage', { stage: 'proposal', search: '', after: paged.stages[2]!.next, limit: 1 });
    expect(more.status).toBe(200);
    expect(more.body).toMatchObject({ stage: 'proposal', next: null });
    expect((more.body as DealStagePage).deals.map((d) => d.title)).toEqual(['Beta']);
    expect((await client.query('deals.board', { perStage: 201 })).status).toBe(400);
    expect((await client.query('deals.stagePage', { stage: 'nope', after: paged.stages[2]!.next, limit: 10 })).status).toBe(400);
    const badCursor = await client.query('deals.stagePage', { stage: 'proposal', after: { createdAt: 'yesterday', id: 'x' }, limit: 10 });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toContain('after.createdAt');
  });

  it("a column's Show more starts after the last card sent: cards moved in or out meanwhile are neither repeated nor skipped", async () => {
    const paging = await customer('Paging Customer', 'Paging Co', otherUser.id);
    const old = await createDeal(otherToken, { title: 'Paging Q0', value: 1, customerId: paging });
    const p = [];
    for (const k of [1, 2, 3, 4]) p.push(await createDeal(otherToken, { title: `Paging P${k}`, value: 1, customerId: paging, stage: 'negotiation' }));
    const client = await loginSession(app, otherUser);
    const board = (await client.query('deals.board', { search: 'Paging', perStage: 2 })).body as DealBoardResult;
    const column = board.stages.find((c) => c.stage === 'negotiation')!;
    expect(column.deals.map((d) => d.title)).toEqual(['Paging P4', 'Paging P3']);
    // Meanwhile the newest card leaves the column and the oldest deal of all joins it.
    expect((await api(`/api/crm/deals/${p[3]!.id}`, otherToken, { method: 'PUT', json: { stage: 'closed_lost' } })).status).toBe(200);
    expect((await api(`/api/crm/deals/${old.id}`, otherToken, { method: 'PUT', json: { stage: 'negotiation' } })).status).toBe(200);
    const page = (await client.query('deals.stagePage', { stage: 'negotiation', search: 'Paging', after: column.next, limit: 2 })).body as DealStagePage;
    expect(page.deals.map((d) => d.title)).toEqual(['Paging P2', 'Paging P1']);
    const last = (await client.query('deals.stagePage', { stage: 'negotiation', search: 'Paging', after: page.next, limit: 2 })).body as DealStagePage;
    expect(last).toMatchObject({ next: null });
    expect(last.deals.map((d) => d.title)).toEqual(['Paging Q0']);
  });

  it('moves a deal (stage default probability, closedAt when won); same stage writes nothing', async () => {
    const client = await loginSession(app, manager);
    const deal = await createDeal(managerToken, { title: 'Move me', value: 100, customerId: acme });
    const moved = await client.mutation('deals.move', { id: deal.id, stage: 'negotiation' });
    expect(moved.status).toBe(200);
    expect(moved.body.deal).toMatchObject({ id: deal.id, stage: 'negotiation', probability: 75, closedAt: null });

    const before = await eventCount();
    const same = await client.mutation('deals.move', { id: deal.id, stage: 'negotiation' });
    expect(same.status).toBe(200);
    expect(same.body.deal).toMatchObject({ id: deal.id, stage: 'negotiation' });
    const sameRest = await api(`/api/crm/deals/${deal.id}`, managerToken, { method: 'PUT', json: { stage: 'negotiation' } });
    expect(sameRest.status).toBe(200);
    expect(await eventCount()).toBe(before);

    const won = await api(`/api/crm/deals/${deal.id}`, managerToken, { method: 'PUT', json: { stage: 'closed_won' } });
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({ success: true, deal: { stage: 'closed_won', probability: 100 } });
    expect(won.body.deal.closedAt).not.toBeNull();
  });

  it('updates fields (tRPC and REST PUT with fields and stage)', async () => {
    const client = await loginSession(app, manager);
    const deal = await createDeal(managerToken, { title: 'Edit me', value: 100, customerId: acme });
    const res = await client.mutation('deals.update', { id: deal.id, title: 'Edited', value: 250, tags: ['x'], expectedCloseDate: '2031-05-01', assignedTo: user.id });
    expect(res.status).toBe(200);
    expect(res.body.deal).toMatchObject({ title: 'Edited', value: 250, tags: ['x'], expectedCloseDate: '2031-05-01', assignedTo: user.id, assignedToName: 'Uma User' });
    const put = await api(`/api/crm/deals/${deal.id}`, managerToken, { method: 'PUT', json: { stage: 'proposal', probability: 45, expectedCloseDate: null } });
    expect(put.status).toBe(200);
    expect(put.body.deal).toMatchObject({ stage: 'proposal', probability: 45, expectedCloseDate: null, title: 'Edited' });
    const badAssignee = await client.mutation('deals.update', { id: deal.id, assignedTo: randomUUID() });
    expect(badAssignee.status).toBe(422);
    const goneCustomer = await customer('Closed Shop', null, manager.id, { deleted: true });
    const before = await eventCount();
    const toDeleted = await api(`/api/crm/deals/${deal.id}`, managerToken, { method: 'PUT', json: { customerId: goneCustomer } });
    expect(toDeleted.status).toBe(422);
    expect(toDeleted.body.code).toBe('customer_deleted');
    const unknown = await api(`/api/crm/deals/${randomUUID()}`, managerToken, { method: 'PUT', json: { title: 'x' } });
    expect(unknown.status).toBe(404);
    expect(await eventCount()).toBe(before);
    const other = await customer('Other Co', 'Other Inc', manager.id);
    const moved = await client.mutation('deals.update', { id: deal.id, customerId: other });
    expect(moved.body.deal).toMatchObject({ customerId: other, customerName: 'Other Co', customerCompany: 'Other Inc' });
  });

  it('deletes a deal: gone from the list; a later move answers 404 {success:false, message}', async () => {
    const client = await loginSession(app, manager);
    const deal = await createDeal(managerToken, { title: 'Delete me', value: 100, customerId: acme });
    const del = await client.mutation('deals.delete', { id: deal.id });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true });
    expect(await listIds(managerToken)).not.toContain(deal.id);
    const before = await eventCount();
    const move = await api(`/api/crm/deals/${deal.id}`, managerToken, { method: 'PUT', json: { stage: 'proposal' } });
    expect(move.status).toBe(404);
    expect(move.body).toMatchObject({ success: false, message: 'Deal not found' });
    const trpcMove = await client.mutation('deals.move', { id: deal.id, stage: 'proposal' });
    expect(trpcMove.status).toBe(404);
    const again = await api(`/api/crm/deals/${deal.id}`, managerToken, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await eventCount()).toBe(before);

    const other = await createDeal(managerToken, { title: 'Delete via REST', value: 1, customerId: acme });
    const restDel = await api(`/api/crm/deals/${other.id}`, managerToken, { method: 'DELETE' });
    expect(restDel.status).toBe(200);
    expect(restDel.body.success).toBe(true);
  });
});

describe('edit every field, soft delete and restore', () => {
  it('PUT /api/crm/deals/{id} takes every field as well as stage; nothing sent = nothing changed', async () => {
    const deal = await createDeal(managerToken, { title: 'Full edit', value: 100, customerId: acme, tags: ['old'] });
    const other = await customer('Edit Target', 'Target Ltd', user.id);
    const put = await api(`/api/crm/deals/${deal.id}`, managerToken, {
      method: 'PUT',
      json: { title: 'Fully edited', value: '4321.5', probability: 35, expectedCloseDate: '2031-03-31', customerId: other, assignedTo: user.id, leadSource: 'referral', tags: ['new', 'vip'], stage: 'negotiation' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ success: true, message: 'Deal updated' });
    expect(put.body.deal).toMatchObject({
      id: deal.id,
      title: 'Fully edited',
      value: 4321.5,
      // the probability sent with the stage wins over the stage's default
      probability: 35,
      stage: 'negotiation',
      expectedCloseDate: '2031-03-31',
      customerId: other,
      customerName: 'Edit Target',
      customerCompany: 'Target Ltd',
      assignedTo: user.id,
      assignedToName: 'Uma User',
      leadSource: 'referral',
      tags: ['new', 'vip'],
    });
    // Read back through the detail (the deal's deep link) and the list.
    const client = await loginSession(app, manager);
    expect((await client.query('deals.detail', { id: deal.id })).body).toMatchObject({ title: 'Fully edited', value: 4321.5, probability: 35, tags: ['new', 'vip'] });
    // Probability alone (no stage) is kept as sent; clearing the optional fields.
    const clear = await api(`/api/crm/deals/${deal.id}`, managerToken, { method: 'PUT', json: { probability: 60, expectedCloseDate: null, leadSource: null, tags: [] } });
    expect(clear.status).toBe(200);
    expect(clear.body.deal).toMatchObject({ probability: 60, expectedCloseDate: null, leadSource: null, tags: [], stage: 'negotiation', title: 'Fully edited' });
    const before = await eventCount();
    const same = await api(`/api/crm/deals/${deal.id}`, managerToken, { method: 'PUT', json: { title: 'Fully edited', value: 4321.5 } });
    expect(same.status).toBe(200);
    expect(await eventCount()).toBe(before);
    const bad = await api(`/api/crm/deals/${deal.id}`, managerToken, { method: 'PUT', json: { title: '', value: -1, probability: 101, expectedCloseDate: '2031-02-30' } });
    expect(bad.status).toBe(400);
    for (const field of ['title', 'value', 'probability', 'expectedCloseDate']) expect(bad.body.message).toContain(field);
    expect(await eventCount()).toBe(before);
  });

  it("a user cannot edit or delete someone else's deal (403, nothing written), but edits their own", async () => {
    const managers = await createDeal(managerToken, { title: 'Not yours', value: 10, customerId: acme });
    const mine = await createDeal(userToken, { title: 'Yours', value: 10, customerId: umaCustomer });
    const client = await loginSession(app, user);
    const before = await eventCount();
    const put = await api(`/api/crm/deals/${managers.id}`, userToken, { method: 'PUT', json: { title: 'Hijacked', value: 1 } });
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ success: false, code: 'deal_out_of_scope' });
    expect((await client.mutation('deals.update', { id: managers.id, title: 'Hijacked' })).status).toBe(403);
    expect((await client.mutation('deals.delete', { id: managers.id })).status).toBe(403);
    expect((await client.query('deals.detail', { id: managers.id })).status).toBe(404);
    expect(await eventCount()).toBe(before);
    const own = await client.mutation('deals.update', { id: mine.id, title: 'Yours, edited', value: 20, probability: 30, tags: ['t'] });
    expect(own.status).toBe(200);
    expect(own.body.deal).toMatchObject({ title: 'Yours, edited', value: 20, probability: 30, tags: ['t'], assignedTo: user.id });
  });

  it('a deleted deal is gone from the board, list, detail and customer totals; an admin lists and restores it; others may not', async () => {
    // An account of its own, so the other tests' figures stay as they are.
    const ria = await createAccount(app, { userType: 'user', name: 'Ria Restore' });
    const riaToken = await loginToken(app, ria);
    await vi.waitFor(async () => expect((await app.platform.pool.query('SELECT 1 FROM users WHERE id = $1', [ria.id])).rowCount).toBe(1), { timeout: 5000 });
    const shop = await customer('Restore Shop', 'Restore Co', ria.id);
    const deal = await createDeal(riaToken, { title: 'Phoenix deal', value: 750, customerId: shop, stage: 'proposal', tags: ['rise'] });
    await createDeal(riaToken, { title: 'Phoenix won', value: 300, customerId: shop, stage: 'closed_won' });
    const riaClient = await loginSession(app, ria);
    const adminClient = await loginSession(app, admin);
    const managerClient = await loginSession(app, manager);
    const customerTotals = async () => (await api(`/api/crm/customers/${shop}`, adminToken)).body.data as { totalDeals: number; totalValue: number; wonValue: number; openValue: number };
    expect(await customerTotals()).toMatchObject({ totalDeals: 2, totalValue: 300, wonValue: 300, openValue: 750 });

    const del = await api(`/api/crm/deals/${deal.id}`, riaToken, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await listIds(riaToken)).not.toContain(deal.id);
    expect(await listIds(adminToken)).not.toContain(deal.id);
    const board = (await riaClient.query('deals.board', { search: 'Phoenix' })).body as DealBoardResult;
    expect(board.stages.flatMap((s) => s.deals.map((d) => d.id))).not.toContain(deal.id);
    expect(board.summary).toEqual({ totalValue: 0, weightedValue: 0, activeDeals: 0, wonDeals: 1 });
    expect((await riaClient.query('deals.detail', { id: deal.id })).status).toBe(404);
    expect((await adminClient.query('deals.detail', { id: deal.id })).status).toBe(404);
    expect(await customerTotals()).toMatchObject({ totalDeals: 1, totalValue: 300, wonValue: 300, openValue: 0 });

    // Only crm:restore (admins) may list deleted deals or restore one.
    for (const [token, client] of [[riaToken, riaClient], [managerToken, managerClient]] as const) {
      const refused = await api(`/api/crm/deals/${deal.id}/restore`, token, { method: 'POST' });
      expect(refused.status).toBe(403);
      expect(refused.body.success).toBe(false);
      expect((await client.mutation('deals.restore', { id: deal.id })).status).toBe(403);
      expect((await client.query('deals.listDeleted')).status).toBe(403);
    }
    expect((await api(`/api/crm/deals/${deal.id}/restore`, undefined, { method: 'POST' })).status).toBe(401);
    const deleted = await adminClient.query('deals.listDeleted');
    expect(deleted.status).toBe(200);
    expect((deleted.body as { deals: { id: string }[] }).deals).toContainEqual(
      expect.objectContaining({ id: deal.id, title: 'Phoenix deal', customerName: 'Restore Shop', deletedBy: ria.id, deletedByName: 'Ria Restore' }),
    );

    const restored = await api(`/api/crm/deals/${deal.id}/restore`, adminToken, { method: 'POST' });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ success: true, message: 'Deal restored', deal: { id: deal.id, title: 'Phoenix deal', value: 750, stage: 'proposal', tags: ['rise'], assignedTo: ria.id } });
    expect(await listIds(riaToken)).toContain(deal.id);
    expect((await riaClient.query('deals.detail', { id: deal.id })).status).toBe(200);
    expect(((await adminClient.query('deals.listDeleted')).body as { deals: { id: string }[] }).deals.map((d) => d.id)).not.toContain(deal.id);
    expect(await customerTotals()).toMatchObject({ totalDeals: 2, wonValue: 300, openValue: 750 });
    // Not deleted (any more): 409; unknown: 404; nothing written.
    const before = await eventCount();
    const again = await api(`/api/crm/deals/${deal.id}/restore`, adminToken, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'deal_not_deleted' });
    expect((await adminClient.mutation('deals.restore', { id: randomUUID() })).status).toBe(404);
    expect(await eventCount()).toBe(before);
    // The restored deal is editable again by its owner.
    const edit = await api(`/api/crm/deals/${deal.id}`, riaToken, { method: 'PUT', json: { title: 'Phoenix risen' } });
    expect(edit.status).toBe(200);
  });
});

describe('record-level scope', () => {
  it('a user sees and moves only their own deals, may not assign to others; a manager reaches all', async () => {
    const mine = await createDeal(userToken, { title: 'Uma deal', value: 10, customerId: umaCustomer });
    expect(mine.assignedTo).toBe(user.id);
    const managers = await createDeal(managerToken, { title: 'Mona deal', value: 10, customerId: acme });

    const userIds = await listIds(userToken);
    expect(userIds).toContain(mine.id);
    expect(userIds).not.toContain(managers.id);
    const managerIds = await listIds(managerToken);
    expect(managerIds).toEqual(expect.arrayContaining([mine.id, managers.id]));

    const before = await eventCount();
    // Another's deal: refused (403), nothing written.
    const move = await api(`/api/crm/deals/${managers.id}`, userToken, { method: 'PUT', json: { stage: 'proposal' } });
    expect(move.status).toBe(403);
    const del = await api(`/api/crm/deals/${managers.id}`, userToken, { method: 'DELETE' });
    expect(del.status).toBe(403);
    // Assigning to someone else, or using another's customer.
    const assign = await api('/api/crm/deals', userToken, { method: 'POST', json: { title: 'x', value: 1, customerId: umaCustomer, assignedTo: manager.id } });
    expect(assign.status).toBe(403);
    const reassign = await api(`/api/crm/deals/${mine.id}`, userToken, { method: 'PUT', json: { assignedTo: otherUser.id } });
    expect(reassign.status).toBe(403);
    const foreignCustomer = await api('/api/crm/deals', userToken, { method: 'POST', json: { title: 'x', value: 1, customerId: acme } });
    expect(foreignCustomer.status).toBe(422);
    expect(await eventCount()).toBe(before);

    // The manager moves the user's deal.
    const managerMove = await api(`/api/crm/deals/${mine.id}`, managerToken, { method: 'PUT', json: { stage: 'qualification' } });
    expect(managerMove.status).toBe(200);
    const userClient = await loginSession(app, user);
    const board = (await userClient.query('deals.board', {})).body as DealBoardResult;
    expect(board.stages.flatMap((s) => s.deals).every((d) => d.assignedTo === user.id)).toBe(true);
    expect(board.stages.reduce((n, s) => n + s.count, 0)).toBe(board.stages.reduce((n, s) => n + s.deals.length, 0));
    const page = (await userClient.query('deals.stagePage', { stage: 'qualification', after: { createdAt: new Date(Date.now() + 60_000).toISOString(), id: randomUUID() }, limit: 200 })).body as DealStagePage;
    expect(page.deals.map((d) => d.id)).toContain(mine.id);
    expect(page.deals.every((d) => d.assignedTo === user.id)).toBe(true);
  });

  it('anonymous callers are refused', async () => {
    expect((await api('/api/crm/deals', undefined)).status).toBe(401);
    expect((await api('/api/crm/deals', undefined, { method: 'POST', json: {} })).status).toBe(401);
  });
});

describe('forecast and metrics on known data', () => {
  it('computes the forecast rows and pipeline metrics from the deals and their stage history', async () => {
    const analyst = await createAccount(app, { userType: 'user', name: 'Ann Analyst' });
    const actor: CrmActor = { userId: analyst.id, scope: 'own' };
    const own = await customer('Known Data', 'KD Inc', analyst.id);
    const service = createDealsService({ pool: app.platform.pool, store: app.platform.store });
    const T = Date.now();
    const daysAgo = (d: number) => new Date(T - d * 86_400_000);
    const ctx = (at: Date) => ({ now: at, userId: analyst.id, metadata: { correlationId: 'test' } });
    const make = async (title: string, value: number, createdDaysAgo: number, extra: Record<string, unknown> = {}) =>
      service.create(actor, dealCreateInput.parse({ title, value, customerId: own, ...extra }), ctx(daysAgo(createdDaysAgo)), { readBack: false });
    const move = (id: string, stage: string, atDaysAgo: number) => service.move(actor, dealMoveInput.parse({ id, stage }), ctx(daysAgo(atDaysAgo)), { readBack: false });

    const nextMonth15 = `${monthPeriod(new Date(T), 1)}-15`;
    const w1 = await make('Won recently', 1000, 20);
    await move(w1.id, 'negotiation', 15);
    await move(w1.id, 'closed_won', 10); // cycle 10 days, in the last 30 days
    const w2 = await make('Won before', 3000, 70);
    await move(w2.id, 'closed_won', 45); // cycle 25 days, in the 30 days before
    const l1 = await make('Lost', 500, 15);
    await move(l1.id, 'closed_lost', 5);
    await make('Proposal', 2000, 3, { stage: 'proposal', expectedCloseDate: nextMonth15 }); // 50 %
    await make('Negotiation', 4000, 2, { stage: 'negotiation', probability: 80, expectedCloseDate: nextMonth15 });
    await make('No date', 1000, 1); // prospecting 10 %, no expected close

    const client = await loginSession(app, analyst);
    let metrics: Record<string, unknown> = {};
    await vi.waitFor(async () => {
      metrics = (await client.query('deals.metrics')).body;
      expect(metrics.openDeals).toBe(3);
    }, { timeout: 5000 });
    expect(metrics).toMatchObject({
      totalValue: 11500,
      // 1000 + 3000 + 0 + 2000×50% + 4000×80% + 1000×10%
      weightedValue: 8300,
      averageDealSize: 2000,
      conversionRate: 66.7,
      averageCycleTime: 17.5,
      // won 1000 in the last 30 days vs 3000 in the 30 before
      velocityTrend: -66.7,
      openDeals: 3,
      wonDeals: 2,
      lostDeals: 1,
    });
    const monthly = metrics.monthly as { period: string; createdDeals: number; wonDeals: number; lostDeals: number; wonValue: number }[];
    expect(monthly).toHaveLength(6);
    expect(monthly.at(-1)!.period).toBe(monthPeriod(new Date(T)));
    const sum = (k: 'createdDeals' | 'wonDeals' | 'lostDeals' | 'wonValue') => monthly.reduce((s, m) => s + m[k], 0);
    expect([sum('createdDeals'), sum('wonDeals'), sum('lostDeals'), sum('wonValue')]).toEqual([6, 2, 1, 4000]);
    expect(monthly.find((m) => m.period === monthPeriod(daysAgo(45)))!.wonValue).toBeGreaterThanOrEqual(3000);

    const forecast = await client.query('deals.forecast', { months: 3, pastMonths: 3 });
    expect(forecast.status).toBe(200);
    const rows = forecast.body.rows as { period: string; predicted: number; actual: number | null; deals: number; confidence: number }[];
    expect(rows.map((r) => r.period)).toEqual([-3, -2, -1, 0, 1, 2].map((o) => monthPeriod(new Date(T), o)));
    const row = (period: string) => rows.find((r) => r.period === period)!;
    expect(row(monthPeriod(new Date(T), 1))).toEqual({ period: monthPeriod(new Date(T), 1), predicted: 4200, actual: null, deals: 2, confidence: 65 });
    expect(row(monthPeriod(new Date(T), 2))).toEqual({ period: monthPeriod(new Date(T), 2), predicted: 0, actual: null, deals: 0, confidence: 0 });
    const wonMonths = new Map<string, number>();
    for (const [d, v] of [[10, 1000], [45, 3000]] as const) wonMonths.set(monthPeriod(daysAgo(d)), (wonMonths.get(monthPeriod(daysAgo(d))) ?? 0) + v);
    for (const r of rows.slice(0, 4)) expect(r.actual, r.period).toBe(wonMonths.get(r.period) ?? 0);

    // A manager's metrics include these deals; another user's exclude them.
    const otherMetrics = (await (await loginSession(app, user)).query('deals.metrics')).body;
    expect(otherMetrics.wonDeals).toBe(0);
    const badForecast = await client.query('deals.forecast', { months: 30 });
    expect(badForecast.status).toBe(400);
    expect(badForecast.body.message).toContain('months');
  });
});
