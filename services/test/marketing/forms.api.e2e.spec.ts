/**
 * Lead capture forms over HTTP (issue 16): REST `/api/marketing/forms` (+ `/:id`) and tRPC `marketing.forms.*`
 * against a running platform: the spec's default fields and settings (notifying the first admin), active unless
 * `isActive: false`, a unique slug from the name, updates (fields, settings, publish), a campaign link, delete,
 * 400s naming the field, and who may read and change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FORM_FIELDS, DEFAULT_FORM_SETTINGS, type LeadFormView } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, type TestAccount } from '../../../test-support/http.ts';

let app: TestApp;
let adminToken: string;
let managerToken: string;
let userToken: string;
let manager: TestAccount;

const eventCount = async () => Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);
const api = (path: string, token: string | undefined, init: RequestInit & { json?: unknown } = {}) => rest(app, path, { ...init, ...(token ? { token } : {}) });

async function createForm(body: Record<string, unknown>, token = managerToken): Promise<LeadFormView> {
  const res = await api('/api/marketing/forms', token, { method: 'POST', json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.success).toBe(true);
  return res.body.form as LeadFormView;
}

const select = { name: 'interest', type: 'select', label: 'Interest', options: ['Demo', 'Pricing'], required: true };
const checkbox = { name: 'newsletter', type: 'checkbox', label: 'Send me news' };

beforeAll(async () => {
  app = await startTestApp();
  manager = await createAccount(app, { userType: 'manager' });
  const user = await createAccount(app, { userType: 'user' });
  [adminToken, managerToken, userToken] = await Promise.all([loginToken(app, app.admin), loginToken(app, manager), loginToken(app, user)]);
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

describe('create', () => {
  it('{name, title} only: the default fields and settings, notifying the first admin; active; slug from the name', async () => {
    const form = await createForm({ name: 'Contact Us', title: 'Get in Touch' });
    expect(form).toMatchObject({
      name: 'Contact Us',
      title: 'Get in Touch',
      slug: 'contact-us',
      description: null,
      isActive: true,
      campaignId: null,
      allowedOrigins: [],
      views: 0,
      submissionsCount: 0,
      spamCount: 0,
      leadsCreated: 0,
      conversionRate: 0,
      createdBy: manager.id,
    });
    expect(form.fields).toEqual(DEFAULT_FORM_FIELDS);
    expect(form.settings).toEqual({ ...DEFAULT_FORM_SETTINGS, notifications: [app.admin.email] });
    const list = await api('/api/marketing/forms', managerToken);
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect((list.body.forms as LeadFormView[]).map((f) => f.id)).toContain(form.id);
  });

  it('isActive false is kept; given fields and settings are used as given; the same name gets a free slug', async () => {
    const form = await createForm({
      name: 'Contact Us',
      title: 'Second',
      isActive: false,
      fields: [{ name: 'email', type: 'email', label: 'E-mail', required: true }, select, checkbox],
      settings: { redirectUrl: 'https://example.com/thanks', notifications: ['Sales@Example.com'], autoResponder: { enabled: false } },
    });
    expect(form.isActive).toBe(false);
    expect(form.slug).toBe('contact-us-2');
    expect(form.fields).toEqual([
      { name: 'email', type: 'email', label: 'E-mail', placeholder: null, required: true, options: [] },
      { name: 'interest', type: 'select', label: 'Interest', placeholder: null, required: true, options: ['Demo', 'Pricing'] },
      { name: 'newsletter', type: 'checkbox', label: 'Send me news', placeholder: null, required: false, options: [] },
    ]);
    expect(form.settings).toEqual({
      redirectUrl: 'https://example.com/thanks',
      notifications: ['sales@example.com'],
      autoResponder: { ...DEFAULT_FORM_SETTINGS.autoResponder, enabled: false },
      integrations: DEFAULT_FORM_SETTINGS.integrations,
    });
    const third = await createForm({ name: 'contact us!', title: 'Third' });
    expect(third.slug).toBe('contact-us-3');
    const active = await api('/api/marketing/forms?active=false', managerToken);
    expect((active.body.forms as LeadFormView[]).map((f) => f.id)).toEqual([form.id]);
  });

  it('forms created at the same moment with the same name get distinct slugs', async () => {
    const forms = await Promise.all([1, 2, 3, 4].map((n) => createForm({ name: 'Rush Hour', title: `Rush ${n}` })));
    expect(forms.map((f) => f.slug).sort()).toEqual(['rush-hour', 'rush-hour-2', 'rush-hour-3', 'rush-hour-4']);
  });

  it('bad input is a 400 naming each field, and writes nothing', async () => {
    const before = await eventCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'No name' }, 'name'],
      [{ name: 'No title' }, 'title'],
      [{ name: 'x', title: 'x', fields: [] }, 'fields'],
      [{ name: 'x', title: 'x', fields: [{ name: 'Bad Name', type: 'text', label: 'x' }] }, 'fields.0.name'],
      [{ name: 'x', title: 'x', fields: [{ name: 'pick', type: 'select', label: 'Pick' }] }, 'fields.0.options'],
      [{ name: 'x', title: 'x', fields: [{ name: 'a', type: 'date', label: 'A' }] }, 'fields.0.type'],
      [{ name: 'x', title: 'x', settings: { notifications: ['not-an-email'] } }, 'settings.notifications.0'],
      [{ name: 'x', title: 'x', settings: { redirectUrl: 'javascript:alert(1)' } }, 'settings.redirectUrl'],
      [{ name: 'x', title: 'x', allowedOrigins: ['https://example.com/path'] }, 'allowedOrigins.0'],
      [{ name: 'x', title: 'x', isActive: 'yes' }, 'isActive'],
    ];
    for (const [body, field] of cases) {
      const res = await api('/api/marketing/forms', managerToken, { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const unknownCampaign = await api('/api/marketing/forms', managerToken, { method: 'POST', json: { name: 'x', title: 'x', campaignId: '00000000-0000-4000-8000-000000000000' } });
    expect(unknownCampaign.status).toBe(422);
    expect(unknownCampaign.body.code).toBe('campaign_not_found');
    expect(await eventCount()).toBe(before);
  });
});

describe('update and delete', () => {
  it('PUT changes fields, settings and the campaign; isActive unpublishes; the slug stays; nothing changed writes nothing', async () => {
    const form = await createForm({ name: 'Demo Request', title: 'Book a demo' });
    const campaign = await api('/api/marketing/campaigns', managerToken, { method: 'POST', json: { name: 'Demo Campaign', type: 'content' } });
    const campaignId = campaign.body.campaign.id as string;
    const res = await api(`/api/marketing/forms/${form.id}`, managerToken, {
      method: 'PUT',
      json: { name: 'Demo Request Form', fields: [{ name: 'email', type: 'email', label: 'Email', required: true }, select], campaignId, isActive: false, allowedOrigins: ['https://Partner.example.com/'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.form).toMatchObject({ id: form.id, slug: 'demo-request', name: 'Demo Request Form', title: 'Book a demo', isActive: false, campaignId, campaignName: 'Demo Campaign', allowedOrigins: ['https://partner.example.com'] });
    expect((res.body.form as LeadFormView).fields.map((f) => f.name)).toEqual(['email', 'interest']);
    expect((res.body.form as LeadFormView).settings).toEqual(form.settings);

    const detail = await api(`/api/marketing/campaigns/${campaignId}`, managerToken);
    expect(detail.body.campaign.forms).toEqual([{ id: form.id, name: 'Demo Request Form', slug: 'demo-request' }]);

    const before = await eventCount();
    const same = await api(`/api/marketing/forms/${form.id}`, managerToken, { method: 'PUT', json: { name: 'Demo Request Form', isActive: false } });
    expect(same.status).toBe(200);
    expect(await eventCount()).toBe(before);

    const republished = await api(`/api/marketing/forms/${form.id}`, managerToken, { method: 'PUT', json: { isActive: true } });
    expect(republished.body.form.isActive).toBe(true);
    const bad = await api(`/api/marketing/forms/${form.id}`, managerToken, { method: 'PUT', json: { title: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('title');
  });

  it('DELETE removes the form from the list and its reads (404); its slug is not given to a new form', async () => {
    const form = await createForm({ name: 'Short Lived', title: 'Gone soon' });
    const res = await api(`/api/marketing/forms/${form.id}`, managerToken, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await api(`/api/marketing/forms/${form.id}`, managerToken)).status).toBe(404);
    expect(((await api('/api/marketing/forms', managerToken)).body.forms as LeadFormView[]).map((f) => f.id)).not.toContain(form.id);
    const edit = await api(`/api/marketing/forms/${form.id}`, managerToken, { method: 'PUT', json: { title: 'Back' } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('lead_form_deleted');
    expect((await api(`/api/marketing/forms/${form.id}`, managerToken, { method: 'DELETE' })).status).toBe(404);
    expect((await createForm({ name: 'Short Lived', title: 'New one' })).slug).toBe('short-lived-2');
  });

  it('search by name or title', async () => {
    const form = await createForm({ name: 'Quartz Survey', title: 'Tell us about Obsidian' });
    const ids = async (search: string) => ((await api(`/api/marketing/forms?search=${encodeURIComponent(search)}`, managerToken)).body.forms as LeadFormView[]).map((f) => f.id);
    expect(await ids('quartz')).toEqual([form.id]);
    expect(await ids('OBSIDIAN')).toEqual([form.id]);
    expect(await ids('nothing like it')).toEqual([]);
  });
});

describe('tRPC and access', () => {
  it('marketing.forms.create / detail / list / delete for a manager', async () => {
    const client = await loginSession(app, manager);
    const created = await client.mutation('marketing.forms.create', { name: 'Via tRPC', title: 'Hello' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ slug: 'via-trpc', isActive: true });
    const detail = await client.query('marketing.forms.detail', { id: created.body.id });
    expect(detail.body.id).toBe(created.body.id);
    const bad = await client.mutation('marketing.forms.create', { name: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fieldErrors).toHaveProperty('title');
    expect((await client.mutation('marketing.forms.delete', { id: created.body.id })).body).toEqual({ id: created.body.id });
  });

  it('a manager and an admin may; a user gets 403; anonymous 401', async () => {
    expect((await api('/api/marketing/forms', adminToken)).status).toBe(200);
    expect((await api('/api/marketing/forms', adminToken, { method: 'POST', json: { name: 'By admin', title: 'x' } })).status).toBe(201);
    expect((await api('/api/marketing/forms', userToken)).status).toBe(403);
    expect((await api('/api/marketing/forms', userToken, { method: 'POST', json: { name: 'x', title: 'x' } })).status).toBe(403);
    expect((await api('/api/marketing/forms', undefined)).status).toBe(401);
    const userClient = await loginSession(app, (await createAccount(app, { userType: 'user' })));
    expect((await userClient.query('marketing.forms.list', {})).status).toBe(403);
  });

  it('an API key with marketing:read lists forms; marketing:write creates one', async () => {
    const key = async (scope: string) => {
      const res = await api('/api/admin/api-keys', adminToken, { method: 'POST', json: { name: `Forms ${scope}`, scopes: [scope] } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.apiKey.key as string;
    };
    const reader = await key('marketing:read');
    expect((await api('/api/marketing/forms', reader)).status).toBe(200);
    expect((await api('/api/marketing/forms', reader, { method: 'POST', json: { name: 'x', title: 'x' } })).status).toBe(403);
    const writer = await key('marketing:write');
    expect((await api('/api/marketing/forms', writer, { method: 'POST', json: { name: 'Integrator form', title: 'x' } })).status).toBe(201);
  });
});
