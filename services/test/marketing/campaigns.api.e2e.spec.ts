/**
 * Campaigns over HTTP (issue 16): REST `/api/marketing/campaigns` (+ `/:id`, `/:id/status`, `/:id/costs`) and tRPC
 * `marketing.campaigns.*` against a running platform: a new campaign is a draft with zero figures; bad input is a
 * 400 naming the field and writes nothing; the lifecycle (pause and resume included) and its refusals (409);
 * cost entries make `spent` and ROI (null while nothing is spent); the utm_campaign default and uniqueness;
 * search and filters; who may read and change; an API key with marketing:read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail, CampaignView } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, type TestAccount } from '../../../test-support/http.ts';

let app: TestApp;
let adminToken: string;
let managerToken: string;
let userToken: string;
let manager: TestAccount;

const eventCount = async () => Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);
const api = (path: string, token: string | undefined, init: RequestInit & { json?: unknown } = {}) => rest(app, path, { ...init, ...(token ? { token } : {}) });

async function createCampaign(body: Record<string, unknown>, token = managerToken): Promise<CampaignView> {
  const res = await api('/api/marketing/campaigns', token, { method: 'POST', json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.success).toBe(true);
  return res.body.campaign as CampaignView;
}
const transition = (id: string, action: string) => api(`/api/marketing/campaigns/${id}/status`, managerToken, { method: 'POST', json: { action } });

beforeAll(async () => {
  app = await startTestApp();
  manager = await createAccount(app, { userType: 'manager', name: 'Mona Marketer' });
  const user = await createAccount(app, { userType: 'user' });
  [adminToken, managerToken, userToken] = await Promise.all([loginToken(app, app.admin), loginToken(app, manager), loginToken(app, user)]);
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

describe('create', () => {
  it('POST creates a draft with zero spent, leads, conversion and ROI null; utm_campaign from the name', async () => {
    const campaign = await createCampaign({ name: 'Spring Launch 2030', type: 'email', description: 'Newsletter push', budget: '5000', startDate: '2030-03-01', endDate: '2030-04-30', targetAudience: { region: 'EMEA' } });
    expect(campaign).toMatchObject({
      name: 'Spring Launch 2030',
      type: 'email',
      description: 'Newsletter push',
      status: 'draft',
      actions: ['activate', 'cancel'],
      budget: 5000,
      spent: 0,
      leadsGenerated: 0,
      customersWon: 0,
      conversionRate: 0,
      wonValue: 0,
      roi: null,
      startDate: '2030-03-01',
      endDate: '2030-04-30',
      targetAudience: { region: 'EMEA' },
      utmCampaign: 'spring-launch-2030',
      createdBy: manager.id,
      createdByName: 'Mona Marketer',
    });
    const list = await api('/api/marketing/campaigns', managerToken);
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect((list.body.campaigns as CampaignView[]).map((c) => c.id)).toContain(campaign.id);
  });

  it('budget defaults to 0; the same name again gets a free utm_campaign', async () => {
    const first = await createCampaign({ name: 'Webinar Series', type: 'event' });
    const second = await createCampaign({ name: 'Webinar Series', type: 'event' });
    expect(first).toMatchObject({ budget: 0, utmCampaign: 'webinar-series' });
    expect(second.utmCampaign).toBe('webinar-series-2');
  });

  it('campaigns created at the same moment with the same name get distinct utm_campaign values', async () => {
    const campaigns = await Promise.all([1, 2, 3, 4].map(() => createCampaign({ name: 'Rush Hour', type: 'social' })));
    expect(campaigns.map((c) => c.utmCampaign).sort()).toEqual(['rush-hour', 'rush-hour-2', 'rush-hour-3', 'rush-hour-4']);
  });

  it('an explicit utm_campaign is kept (lowercase); one another campaign uses is a 409', async () => {
    const campaign = await createCampaign({ name: 'Ads', type: 'paid_ads', utmCampaign: 'Q3-Ads' });
    expect(campaign.utmCampaign).toBe('q3-ads');
    const before = await eventCount();
    const taken = await api('/api/marketing/campaigns', managerToken, { method: 'POST', json: { name: 'Other ads', type: 'paid_ads', utmCampaign: 'q3-ads' } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('campaign_utm_taken');
    expect(await eventCount()).toBe(before);
  });

  it('bad input is a 400 naming each field, and writes nothing', async () => {
    const before = await eventCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'email' }, 'name'],
      [{ name: 'No type' }, 'type'],
      [{ name: 'Bad type', type: 'radio' }, 'type'],
      [{ name: 'Bad budget', type: 'email', budget: -5 }, 'budget'],
      [{ name: 'Bad date', type: 'email', startDate: '2030-02-30' }, 'startDate'],
      [{ name: 'Dates', type: 'email', startDate: '2030-05-01', endDate: '2030-04-01' }, 'endDate'],
      [{ name: 'Utm', type: 'email', utmCampaign: 'has spaces' }, 'utmCampaign'],
    ];
    for (const [body, field] of cases) {
      const res = await api('/api/marketing/campaigns', managerToken, { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('lifecycle', () => {
  it('draft → active → paused → active (pause and resume) → completed; refused steps are 409 and write nothing', async () => {
    const { id } = await createCampaign({ name: 'Lifecycle', type: 'social' });
    const refused = await transition(id, 'pause');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'campaign_transition_not_allowed', message: 'A draft campaign cannot pause' });

    const steps: [string, string, string[]][] = [
      ['activate', 'active', ['pause', 'complete', 'cancel']],
      ['pause', 'paused', ['resume', 'complete', 'cancel']],
      ['resume', 'active', ['pause', 'complete', 'cancel']],
      ['complete', 'completed', []],
    ];
    for (const [action, status, actions] of steps) {
      const res = await transition(id, action);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.campaign).toMatchObject({ id, status, actions });
    }
    const before = await eventCount();
    for (const action of ['activate', 'pause', 'resume', 'cancel', 'complete']) {
      const res = await transition(id, action);
      expect(res.status, action).toBe(409);
    }
    // A completed campaign is closed to edits and cost entries.
    const edit = await api(`/api/marketing/campaigns/${id}`, managerToken, { method: 'PUT', json: { budget: 10 } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('campaign_closed');
    const cost = await api(`/api/marketing/campaigns/${id}/costs`, managerToken, { method: 'POST', json: { amount: 10, date: '2030-05-01' } });
    expect(cost.status).toBe(409);
    expect(cost.body.code).toBe('campaign_closed');
    expect(await eventCount()).toBe(before);
  });

  it('an unknown action is a 400 naming it; an unknown campaign 404', async () => {
    const { id } = await createCampaign({ name: 'Unknown action', type: 'content' });
    const bad = await transition(id, 'explode');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('action');
    const missing = await api('/api/marketing/campaigns/00000000-0000-4000-8000-000000000000/status', managerToken, { method: 'POST', json: { action: 'activate' } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('campaign_not_found');
  });

  it('tRPC marketing.campaigns.transition does the same (and cancel from draft)', async () => {
    const client = await loginSession(app, manager);
    const created = await client.mutation('marketing.campaigns.create', { name: 'Via tRPC', type: 'content' });
    expect(created.status).toBe(200);
    const res = await client.mutation('marketing.campaigns.transition', { id: created.body.id, action: 'cancel' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', actions: [] });
    const refused = await client.mutation('marketing.campaigns.transition', { id: created.body.id, action: 'activate' });
    expect(refused.status).toBe(409);
    expect(refused.body.data.domainCode).toBe('campaign_transition_not_allowed');
  });
});

describe('edit', () => {
  it('PUT changes only the given fields; nothing changed writes nothing', async () => {
    const { id } = await createCampaign({ name: 'Editable', type: 'email', budget: 100 });
    const res = await api(`/api/marketing/campaigns/${id}`, managerToken, { method: 'PUT', json: { budget: 250, description: 'More budget', utmCampaign: 'editable-2030' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.campaign).toMatchObject({ name: 'Editable', budget: 250, description: 'More budget', utmCampaign: 'editable-2030', status: 'draft' });
    const before = await eventCount();
    const same = await api(`/api/marketing/campaigns/${id}`, managerToken, { method: 'PUT', json: { budget: 250 } });
    expect(same.status).toBe(200);
    expect(await eventCount()).toBe(before);
    const bad = await api(`/api/marketing/campaigns/${id}`, managerToken, { method: 'PUT', json: { type: 'tv' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('type');
  });

  it('a new end date before the kept start date is a 422 and writes nothing', async () => {
    const { id } = await createCampaign({ name: 'Dated', type: 'event', startDate: '2030-06-01' });
    const before = await eventCount();
    const res = await api(`/api/marketing/campaigns/${id}`, managerToken, { method: 'PUT', json: { endDate: '2030-05-01' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('campaign_dates_out_of_order');
    expect(await eventCount()).toBe(before);
  });
});

describe('costs, spent and ROI', () => {
  it('cost entries add up in spent; ROI is null while nothing is spent, then (0 − spent) / spent with no won value', async () => {
    const { id } = await createCampaign({ name: 'Costly', type: 'paid_ads', budget: 1000 });
    const fresh = await api(`/api/marketing/campaigns/${id}`, managerToken);
    expect(fresh.body.campaign).toMatchObject({ spent: 0, roi: null, costs: [], leads: [], forms: [] });

    const first = await api(`/api/marketing/campaigns/${id}/costs`, managerToken, { method: 'POST', json: { amount: 120.5, date: '2030-03-02', note: 'Ads' } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await api(`/api/marketing/campaigns/${id}/costs`, managerToken, { method: 'POST', json: { amount: '79.5', date: '2030-03-05' } });
    const detail = second.body.campaign as CampaignDetail;
    expect(detail).toMatchObject({ spent: 200, roi: -100, wonValue: 0 });
    expect(detail.costs.map((c) => [c.amount, c.date, c.note])).toEqual([
      [79.5, '2030-03-05', null],
      [120.5, '2030-03-02', 'Ads'],
    ]);

    const removed = await api(`/api/marketing/campaigns/${id}/costs/${detail.costs[0]!.id}`, managerToken, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.campaign).toMatchObject({ spent: 120.5, roi: -100 });
    expect((removed.body.campaign as CampaignDetail).costs).toHaveLength(1);
    const again = await api(`/api/marketing/campaigns/${id}/costs/${detail.costs[0]!.id}`, managerToken, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('campaign_cost_not_found');

    const list = await api('/api/marketing/campaigns?search=costly', managerToken);
    expect(list.body.campaigns).toEqual([expect.objectContaining({ id, spent: 120.5, roi: -100 })]);
  });

  it('a bad cost is a 400 naming the field', async () => {
    const { id } = await createCampaign({ name: 'Bad costs', type: 'email' });
    for (const [body, field] of [
      [{ amount: 0, date: '2030-03-02' }, 'amount'],
      [{ amount: 'ten', date: '2030-03-02' }, 'amount'],
      [{ amount: 10 }, 'date'],
    ] as const) {
      const res = await api(`/api/marketing/campaigns/${id}/costs`, managerToken, { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
  });
});

describe('list filters', () => {
  it('search (name, description), status and type', async () => {
    const a = await createCampaign({ name: 'Filter Alpha', type: 'social', description: 'zebra crossing' });
    const b = await createCampaign({ name: 'Filter Beta', type: 'email' });
    expect((await transition(b.id, 'activate')).status).toBe(200);
    const ids = async (qs: string) => ((await api(`/api/marketing/campaigns?${qs}`, managerToken)).body.campaigns as CampaignView[]).map((c) => c.id);
    expect(await ids('search=filter')).toEqual([b.id, a.id]);
    expect(await ids('search=ZEBRA')).toEqual([a.id]);
    expect(await ids('search=filter&status=active')).toEqual([b.id]);
    expect(await ids('search=filter&type=social')).toEqual([a.id]);
    const bad = await api('/api/marketing/campaigns?status=sleeping', managerToken);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('status');
  });

  it('pages (page, limit) with the total; a bad page or limit is 400 naming it', async () => {
    const tag = `Paged ${randomUUID().slice(0, 6)}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createCampaign({ name: `${tag} ${i}`, type: 'email' }));
    const page = async (n: number) => (await api(`/api/marketing/campaigns?search=${encodeURIComponent(tag)}&page=${n}&limit=2`, managerToken)).body;
    const [first, second] = [await page(1), await page(2)];
    expect(first).toMatchObject({ success: true, total: 3, page: 1, limit: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect([...first.campaigns, ...second.campaigns].map((c: CampaignView) => c.id)).toEqual(made.map((c) => c.id).reverse());
    for (const [qs, field] of [['page=0', 'page'], ['limit=101', 'limit'], ['limit=x', 'limit']]) {
      const bad = await api(`/api/marketing/campaigns?${qs}`, managerToken);
      expect(bad.status, qs).toBe(400);
      expect(Object.keys(bad.body.errors)).toContain(field);
    }
    const client = await loginSession(app, manager);
    const options = await client.query('marketing.campaigns.options');
    expect(options.status).toBe(200);
    expect((options.body as { id: string; name: string }[]).filter((o) => o.name.startsWith(tag))).toEqual(made.map((c) => ({ id: c.id, name: c.name })));
  });
});

describe('access', () => {
  it('a manager and an admin may; a user gets 403; anonymous 401', async () => {
    expect((await api('/api/marketing/campaigns', adminToken)).status).toBe(200);
    expect((await api('/api/marketing/campaigns', userToken)).status).toBe(403);
    expect((await api('/api/marketing/campaigns', userToken, { method: 'POST', json: { name: 'x', type: 'email' } })).status).toBe(403);
    expect((await api('/api/marketing/campaigns', undefined)).status).toBe(401);
  });

  it('an API key with marketing:read lists campaigns but cannot create one', async () => {
    const created = await api('/api/admin/api-keys', adminToken, { method: 'POST', json: { name: 'Marketing reader', scopes: ['marketing:read'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const key = created.body.apiKey.key as string;
    const list = await api('/api/marketing/campaigns', key);
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    const write = await api('/api/marketing/campaigns', key, { method: 'POST', json: { name: 'By key', type: 'email' } });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: 'api_key_scope_missing', requiredScope: 'marketing:write' });
  });
});
