/**
 * Customers over tRPC (the web app's cookie session) and REST (bearer tokens), against a real platform:
 * create/list/search/filter/paginate/update/delete/restore/detail, communications, files, CSV export and
 * import, bad input (400 naming the field, nothing written) and the record-level scope per role.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CRM_LIMITS } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, type trpcClient, type TestAccount } from '../../../test-support/http.ts';

let app: TestApp;
let manager: TestAccount;
let user: TestAccount;
let other: TestAccount;
const tokens: Record<'admin' | 'manager' | 'user' | 'other', string> = { admin: '', manager: '', user: '', other: '' };
let adminRpc: ReturnType<typeof trpcClient>;
let managerRpc: ReturnType<typeof trpcClient>;
let userRpc: ReturnType<typeof trpcClient>;

beforeAll(async () => {
  app = await startTestApp();
  manager = await createAccount(app, { userType: 'manager', name: 'Mia Manager' });
  user = await createAccount(app, { userType: 'user', name: 'Uma User' });
  other = await createAccount(app, { userType: 'user', name: 'Otto Other' });
  tokens.admin = await loginToken(app, app.admin);
  tokens.manager = await loginToken(app, manager);
  tokens.user = await loginToken(app, user);
  tokens.other = await loginToken(app, other);
  adminRpc = await loginSession(app, app.admin);
  managerRpc = await loginSession(app, manager);
  userRpc = await loginSession(app, user);
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

/** Events of customer streams (other suites' work does not move it). */
const customerEvents = async () => Number((await app.platform.pool.query(`SELECT count(*) FROM es_events WHERE stream_id LIKE 'customer-%'`)).rows[0].count);

const tag = () => randomUUID().slice(0, 8);

async function createVia(client: ReturnType<typeof trpcClient>, input: Record<string, unknown>) {
  const res = await client.mutation('customers.create', input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.customer as { id: string; name: string; [k: string]: unknown };
}

/** RFC 4180 parser (quoted cells, doubled quotes, CRLF); a leading UTF-8 BOM is not part of the first cell. */
function parseCsv(input: string): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('create, list, search, filter, paginate', () => {
  it('creates over tRPC and finds it by name, e-mail and company, with filters, sort and pages', async () => {
    const t = tag();
    const a = await createVia(managerRpc, { name: `Ada ${t}`, email: `ada.${t}@example.com`, company: `Engines ${t}`, status: 'prospect', leadSource: 'referral', leadScore: 90, tags: ['vip'] });
    expect(a).toMatchObject({ name: `Ada ${t}`, status: 'prospect', leadScore: 90, assignedTo: manager.id, assignedToName: 'Mia Manager', tags: ['vip'], totalDeals: 0, totalValue: 0 });
    await createVia(managerRpc, { name: `Bob ${t}`, status: 'lead', leadSource: 'website', leadScore: 10 });
    await createVia(managerRpc, { name: `Cy ${t}`, status: 'lead', leadSource: 'website', leadScore: 50 });

    for (const search of [`ADA ${t}`.toLowerCase(), `ada.${t}@`, `engines ${t}`.toUpperCase()]) {
      const res = await managerRpc.query('customers.list', { search });
      expect(res.body.customers.map((c: { id: string }) => c.id)).toEqual([a.id]);
      expect(res.body).toMatchObject({ total: 1, totalIsEstimate: false });
    }
    const leads = await managerRpc.query('customers.list', { search: t, status: 'lead' });
    expect(leads.body.customers.map((c: { name: string }) => c.name).sort()).toEqual([`Bob ${t}`, `Cy ${t}`]);
    const referral = await managerRpc.query('customers.list', { search: t, leadSource: 'referral' });
    expect(referral.body.total).toBe(1);
    const byScore = await managerRpc.query('customers.list', { search: t, sort: 'leadScore' });
    expect(byScore.body.customers.map((c: { leadScore: number }) => c.leadScore)).toEqual([90, 50, 10]);
    const page2 = await managerRpc.query('customers.list', { search: t, sort: 'name', limit: 2, page: 2 });
    expect(page2.body).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(page2.body.customers.map((c: { name: string }) => c.name)).toEqual([`Cy ${t}`]);
  });

  it('REST GET /api/crm/customers answers {success, data, message, pagination}', async () => {
    const t = tag();
    const created = await rest(app, '/api/crm/customers', { method: 'POST', token: tokens.manager, json: { name: `Rest ${t}`, email: `rest.${t}@example.com` } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, data: { name: `Rest ${t}` } });
    const res = await rest(app, `/api/crm/customers?search=${t}&status=lead&leadSource=all&page=1&limit=10`, { token: tokens.manager });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: expect.any(String), pagination: { page: 1, limit: 10, total: 1, totalIsEstimate: false } });
    expect(res.body.data[0]).toMatchObject({ id: created.body.data.id, email: `rest.${t}@example.com` });
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  it.each([
    ['name', { name: '' }, { kind: 'required' }],
    ['email', { name: 'X', email: 'not-an-email' }, { kind: 'format' }],
    ['status', { name: 'X', status: 'friend' }, { kind: 'choice' }],
    ['leadScore', { name: 'X', leadScore: 101 }, { kind: 'tooBig', limit: 100 }],
    ['phone', { name: 'X', phone: 'call me' }, { kind: 'format' }],
    ['tags', { name: 'X', tags: 'vip' }, { kind: 'invalid' }],
  ])('tRPC and REST refuse a bad %s', async (field, input, issue) => {
    const before = await customerEvents();
    const rpc = await managerRpc.mutation('customers.create', input);
    expect(rpc.status).toBe(400);
    expect(rpc.body.data.fieldErrors).toHaveProperty(field);
    // …and the same problem as a kind the app translates.
    expect(rpc.body.data.fieldIssues[field]).toEqual([issue]);
    const res = await rest(app, '/api/crm/customers', { method: 'POST', token: tokens.manager, json: input });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(await customerEvents()).toBe(before);
  });

  it('REST PUT with a bad field and list with a bad filter', async () => {
    const c = await createVia(managerRpc, { name: `Put ${tag()}` });
    const before = await customerEvents();
    const res = await rest(app, `/api/crm/customers/${c.id}`, { method: 'PUT', token: tokens.manager, json: { email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('email');
    const list = await rest(app, '/api/crm/customers?status=friend&limit=1000', { token: tokens.manager });
    expect(list.status).toBe(400);
    expect(Object.keys(list.body.errors).sort()).toEqual(['limit', 'status']);
    const badId = await rest(app, '/api/crm/customers/not-a-uuid', { token: tokens.manager });
    expect(badId.status).toBe(400);
    const nulSearch = await rest(app, '/api/crm/customers?search=%00', { token: tokens.manager });
    expect(nulSearch.status).toBe(400);
    expect(Object.keys(nulSearch.body.errors)).toEqual(['search']);
    const nulName = await rest(app, `/api/crm/customers/${c.id}`, { method: 'PUT', token: tokens.manager, json: { name: 'Nul\u0000' } });
    expect(nulName.status).toBe(400);
    expect(Object.keys(nulName.body.errors)).toEqual(['name']);
    expect(await customerEvents()).toBe(before);
  });
});

describe('update, delete, restore, detail', () => {
  it('update records only changes; a no-op writes nothing; detail shows the result', async () => {
    const c = await createVia(managerRpc, { name: `Upd ${tag()}`, tags: ['a'] });
    const res = await managerRpc.mutation('customers.update', { id: c.id, city: 'Paris', status: 'customer', tags: ['b'], assignedTo: user.id });
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({ city: 'Paris', status: 'customer', tags: ['b'], assignedTo: user.id, assignedToName: 'Uma User' });
    const before = await customerEvents();
    const noop = await managerRpc.mutation('customers.update', { id: c.id, city: 'Paris', status: 'customer' });
    expect(noop.status).toBe(200);
    expect(await customerEvents()).toBe(before);
    const rest1 = await rest(app, `/api/crm/customers/${c.id}`, { method: 'PUT', token: tokens.manager, json: { notes: 'Prefers e-mail' } });
    expect(rest1.body).toMatchObject({ success: true, data: { notes: 'Prefers e-mail' } });
    const detail = await managerRpc.query('customers.detail', { id: c.id });
    expect(detail.body).toMatchObject({ customer: { id: c.id, notes: 'Prefers e-mail' }, communications: [], files: [], deals: [], tasks: [] });
    const unknown = await managerRpc.query('customers.detail', { id: randomUUID() });
    expect(unknown.status).toBe(404);
  });

  it('soft delete hides the customer; only an admin lists deleted ones and restores', async () => {
    const c = await createVia(userRpc, { name: `Del ${tag()}` });
    const deleted = await userRpc.mutation('customers.delete', { id: c.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.customer.deletedAt).not.toBeNull();
    expect((await managerRpc.query('customers.list', { search: c.name })).body.total).toBe(0);
    expect((await managerRpc.query('customers.detail', { id: c.id })).status).toBe(404);
    expect((await managerRpc.mutation('customers.update', { id: c.id, name: 'X' })).status).toBe(409);
    expect((await managerRpc.mutation('customers.delete', { id: c.id })).status).toBe(409);
    // Listing deleted customers and restoring are `crm:restore` (admins).
    expect((await managerRpc.query('customers.list', { deleted: true })).status).toBe(403);
    expect((await rest(app, '/api/crm/customers?deleted=true', { token: tokens.manager })).status).toBe(403);
    expect((await managerRpc.mutation('customers.restore', { id: c.id })).status).toBe(403);
    expect((await rest(app, `/api/crm/customers/${c.id}/restore`, { method: 'POST', token: tokens.manager })).status).toBe(403);
    const listed = await adminRpc.query('customers.list', { deleted: true, search: c.name });
    expect(listed.body.customers.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect((await adminRpc.query('customers.detail', { id: c.id })).body.customer.deletedAt).not.toBeNull();
    const restored = await rest(app, `/api/crm/customers/${c.id}/restore`, { method: 'POST', token: tokens.admin });
    expect(restored.status).toBe(200);
    expect(restored.body.data.deletedAt).toBeNull();
    expect((await adminRpc.mutation('customers.restore', { id: c.id })).status).toBe(409);
    expect((await managerRpc.query('customers.list', { search: c.name })).body.total).toBe(1);
    const viaRest = await rest(app, `/api/crm/customers/${c.id}`, { method: 'DELETE', token: tokens.manager });
    expect(viaRest.body).toMatchObject({ success: true, data: { id: c.id } });
  });
});

describe('one live customer per e-mail', () => {
  it('refuses an e-mail another live customer has (409 customer_email_taken, any case), on create, update and restore; nothing written', async () => {
    const t = tag();
    const email = `Dup.${t}@Example.com`;
    const first = await createVia(managerRpc, { name: `Dup A ${t}`, email });
    const before = await customerEvents();
    const again = await managerRpc.mutation('customers.create', { name: `Dup B ${t}`, email: email.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body.data).toMatchObject({ domainCode: 'customer_email_taken' });
    const viaRest = await rest(app, '/api/crm/customers', { method: 'POST', token: tokens.user, json: { name: `Dup C ${t}`, email: email.toUpperCase() } });
    expect(viaRest.status).toBe(409);
    expect(viaRest.body).toMatchObject({ success: false, code: 'customer_email_taken' });
    // Another customer given that e-mail by an edit; its own e-mail in another case is its own.
    const second = await createVia(managerRpc, { name: `Dup D ${t}`, email: `other.${t}@example.com` });
    expect((await managerRpc.mutation('customers.update', { id: second.id, email: email.toLowerCase() })).status).toBe(409);
    expect(await customerEvents()).toBe(before + 1);
    const recased = await managerRpc.mutation('customers.update', { id: first.id, email: email.toLowerCase() });
    expect(recased.status).toBe(200);
    // Once the holder is deleted, the address is free; the deleted one cannot come back while another has it.
    expect((await managerRpc.mutation('customers.delete', { id: first.id })).status).toBe(200);
    const successor = await createVia(managerRpc, { name: `Dup E ${t}`, email });
    const restore = await adminRpc.mutation('customers.restore', { id: first.id });
    expect(restore.status).toBe(409);
    expect(restore.body.data).toMatchObject({ domainCode: 'customer_email_taken' });
    expect((await managerRpc.mutation('customers.update', { id: successor.id, email: null })).status).toBe(200);
    expect((await adminRpc.mutation('customers.restore', { id: first.id })).status).toBe(200);
  });

  it('of simultaneous creations of one new e-mail, one is made; the import reports repeats under `email`', async () => {
    const t = tag();
    const email = `race.${t}@example.com`;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => managerRpc.mutation('customers.create', { name: `Race ${i} ${t}`, email })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const listed = await managerRpc.query('customers.list', { search: email });
    expect(listed.body.total).toBe(1);

    const res = await managerRpc.mutation('customers.importRows', {
      firstRow: 2,
      rows: [
        { name: `Imp taken ${t}`, email: email.toUpperCase() },
        { name: `Imp new ${t}`, email: `new.${t}@example.com` },
        { name: `Imp repeat ${t}`, email: `NEW.${t}@example.com` },
        { name: `Imp none ${t}` },
      ],
    });
    expect(res.status).toBe(200);
    const results = res.body.results as { row: number; ok: boolean; code?: string; errors?: Record<string, string[]> }[];
    expect(results.map((r) => [r.row, r.ok, r.code ?? null])).toEqual([
      [2, false, 'customer_email_taken'],
      [3, true, null],
      [4, false, 'customer_email_taken'],
      [5, true, null],
    ]);
    expect(Object.keys(results[0]!.errors!)).toEqual(['email']);
  });
});

describe('record-level scope', () => {
  it('a user sees and changes only their own customers; a manager sees all', async () => {
    const t = tag();
    const mine = await createVia(userRpc, { name: `Mine ${t}` });
    expect(mine.assignedTo).toBe(user.id);
    const theirs = await createVia(managerRpc, { name: `Theirs ${t}`, assignedTo: other.id });
    const userList = await userRpc.query('customers.list', { search: t });
    expect(userList.body.customers.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    const restList = await rest(app, `/api/crm/customers?search=${t}`, { token: tokens.user });
    expect(restList.body.data.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    expect((await managerRpc.query('customers.list', { search: t })).body.total).toBe(2);
    // Reads of someone else's customer: 404 (existence is not leaked).
    expect((await userRpc.query('customers.detail', { id: theirs.id })).status).toBe(404);
    expect((await rest(app, `/api/crm/customers/${theirs.id}`, { token: tokens.user })).status).toBe(404);
    // Changes: 403, nothing written.
    const before = await customerEvents();
    expect((await userRpc.mutation('customers.update', { id: theirs.id, name: 'X' })).status).toBe(403);
    expect((await rest(app, `/api/crm/customers/${theirs.id}`, { method: 'DELETE', token: tokens.user })).status).toBe(403);
    expect((await userRpc.mutation('customers.logCommunication', { customerId: theirs.id, type: 'call' })).status).toBe(403);
    // A user assigns only to themselves.
    const assignOther = await userRpc.mutation('customers.create', { name: 'X', assignedTo: other.id });
    expect(assignOther.status).toBe(403);
    expect(assignOther.body.data.domainCode).toBe('assign_forbidden');
    expect((await userRpc.mutation('customers.update', { id: mine.id, assignedTo: other.id })).status).toBe(403);
    expect(await customerEvents()).toBe(before);
    // A manager assigns to anyone active, not to an unknown account.
    expect((await managerRpc.mutation('customers.update', { id: mine.id, assignedTo: randomUUID() })).status).toBe(422);
    const moved = await managerRpc.mutation('customers.update', { id: mine.id, assignedTo: other.id });
    expect(moved.body.customer.assignedTo).toBe(other.id);
    expect((await userRpc.query('customers.detail', { id: mine.id })).status).toBe(404);
  });
});

describe('communications and files', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
  const upload = (customerId: string, body: Buffer | string, type: string, name: string, auth: { token?: string; cookie?: string; csrf?: boolean }) =>
    fetch(`${app.baseUrl}/api/crm/customers/${customerId}/files`, {
      method: 'POST',
      headers: {
        'content-type': type,
        'x-file-name': encodeURIComponent(name),
        ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
        ...(auth.cookie ? { cookie: auth.cookie } : {}),
        ...(auth.csrf ? { 'x-crm-csrf': '1' } : {}),
      },
      body,
    });

  it('uploads, downloads with the right headers, and refers to the file from a communication', async () => {
    const c = await createVia(userRpc, { name: `Files ${tag()}` });
    const res = await upload(c.id, pdf, 'application/pdf', 'Contrat signé.pdf', { token: tokens.user });
    expect(res.status).toBe(201);
    const { file } = (await res.json()) as { file: { id: string; name: string; size: number; contentType: string; uploadedBy: string } };
    expect(file).toMatchObject({ name: 'Contrat signé.pdf', size: pdf.length, contentType: 'application/pdf', uploadedBy: 'Uma User' });
    const sha = (await app.platform.pool.query(`SELECT data->>'sha256' AS s FROM es_events WHERE type = 'CustomerFileAttached' AND data->>'fileId' = $1`, [file.id])).rows[0].s;
    expect(sha).toMatch(/^[0-9a-f]{64}$/);

    const down = await fetch(`${app.baseUrl}/api/crm/customers/${c.id}/files/${file.id}`, { headers: { authorization: `Bearer ${tokens.user}` } });
    expect(down.status).toBe(200);
    expect(down.headers.get('content-type')).toBe('application/pdf');
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('content-disposition')).toContain("attachment; filename=\"Contrat sign_.pdf\"; filename*=UTF-8''Contrat%20sign%C3%A9.pdf");
    expect(Buffer.from(await down.arrayBuffer()).equals(pdf)).toBe(true);
    // The browser's download link carries the session cookie.
    const byCookie = await fetch(`${app.baseUrl}/api/crm/customers/${c.id}/files/${file.id}`, { headers: { cookie: userRpc.cookie! } });
    expect(byCookie.status).toBe(200);
    await byCookie.arrayBuffer();
    // Out of scope: 404 for another user; a manager reaches it.
    expect((await fetch(`${app.baseUrl}/api/crm/customers/${c.id}/files/${file.id}`, { headers: { authorization: `Bearer ${tokens.other}` } })).status).toBe(404);
    expect((await upload(c.id, pdf, 'application/pdf', 'x.pdf', { token: tokens.other })).status).toBe(403);
    const asManager = await fetch(`${app.baseUrl}/api/crm/customers/${c.id}/files/${file.id}`, { headers: { authorization: `Bearer ${tokens.manager}` } });
    expect(asManager.status).toBe(200);
    await asManager.arrayBuffer();

    const logged = await userRpc.mutation('customers.logCommunication', {
      customerId: c.id,
      type: 'call',
      subject: 'Signed',
      attachmentIds: [file.id],
      occurredAt: '2026-11-20T10:00:00.000Z',
    });
    expect(logged.status).toBe(200);
    expect(logged.body.communication).toMatchObject({ type: 'call', direction: 'outbound', status: 'sent', subject: 'Signed', attachments: [{ fileId: file.id, name: 'Contrat signé.pdf' }], user: 'Uma User' });
    const wrong = await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'email', attachmentIds: [randomUUID()] });
    expect(wrong.status).toBe(422);
    const bad = await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fieldErrors).toHaveProperty('type');
    // A year PostgreSQL cannot store would stop the communications read model: refused at the edge.
    const yearZero = await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'call', occurredAt: '0000-06-01T00:00:00Z' });
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.data.fieldErrors).toHaveProperty('occurredAt');
    const nul = await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'call', content: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.data.fieldErrors).toHaveProperty('content');
    const detail = await userRpc.query('customers.detail', { id: c.id });
    expect(detail.body.customer.lastContact).toBe('2026-11-20T10:00:00.000Z');
    expect(detail.body.communications).toHaveLength(1);
    expect(detail.body.files.map((f: { id: string }) => f.id)).toEqual([file.id]);
  });

  it('deletes a file (whoever may edit the customer): gone from the list, the download and the disk; communications keep its name', async () => {
    const c = await createVia(userRpc, { name: `Delete files ${tag()}` });
    const up = async (name: string) => ((await (await upload(c.id, pdf, 'application/pdf', name, { token: tokens.user })).json()) as { file: { id: string } }).file.id;
    const first = await up('quote.pdf');
    const second = await up('terms.pdf');
    const logged = await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'email', subject: 'Quote', attachmentIds: [first] });
    expect(logged.status).toBe(200);
    const onDisk = () => readdirSync(path.join(app.dataDir, 'files'), { recursive: true }).map((f) => path.basename(String(f)));
    expect(onDisk()).toContain(first);

    // Another user may not change this customer; an unknown file is 404; anonymous is 401.
    expect((await rest(app, `/api/crm/customers/${c.id}/files/${first}`, { method: 'DELETE', token: tokens.other })).status).toBe(403);
    expect((await rest(app, `/api/crm/customers/${c.id}/files/${randomUUID()}`, { method: 'DELETE', token: tokens.user })).status).toBe(404);
    expect((await rest(app, `/api/crm/customers/${c.id}/files/${first}`, { method: 'DELETE' })).status).toBe(401);
    expect((await rest(app, `/api/crm/customers/${c.id}/files/not-an-id`, { method: 'DELETE', token: tokens.user })).status).toBe(400);

    // REST, by a manager (crm:all reaches it).
    const removed = await rest(app, `/api/crm/customers/${c.id}/files/${first}`, { method: 'DELETE', token: tokens.manager });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ success: true, file: { id: first, customerId: c.id, name: 'quote.pdf' } });
    const event = await app.platform.pool.query(`SELECT data FROM es_events WHERE type = 'CustomerFileDeleted' AND data->>'fileId' = $1`, [first]);
    expect(event.rows[0].data).toMatchObject({ customerId: c.id, fileId: first, name: 'quote.pdf', deletedBy: manager.id });
    expect((await fetch(`${app.baseUrl}/api/crm/customers/${c.id}/files/${first}`, { headers: { authorization: `Bearer ${tokens.user}` } })).status).toBe(404);
    expect(onDisk()).not.toContain(first);
    expect((await rest(app, `/api/crm/customers/${c.id}/files/${first}`, { method: 'DELETE', token: tokens.manager })).status).toBe(404);

    // tRPC, by the assigned user.
    const viaRpc = await userRpc.mutation('customers.deleteFile', { customerId: c.id, fileId: second });
    expect(viaRpc.status, JSON.stringify(viaRpc.body)).toBe(200);
    expect(viaRpc.body.file).toMatchObject({ id: second, name: 'terms.pdf' });
    const bad = await userRpc.mutation('customers.deleteFile', { customerId: c.id, fileId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fieldErrors).toHaveProperty('fileId');

    const detail = await userRpc.query('customers.detail', { id: c.id });
    expect(detail.body.files).toEqual([]);
    // The communication still names the file (the app shows it as deleted); it cannot be attached again.
    expect(detail.body.communications[0].attachments).toEqual([{ fileId: first, name: 'quote.pdf' }]);
    expect((await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'email', attachmentIds: [first] })).status).toBe(422);
  });

  it('a communication happened when the caller says (default now, not in the future) and the list is sorted by that', async () => {
    const c = await createVia(userRpc, { name: `When ${tag()}` });
    const before = Date.now();
    const now = await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'note', subject: 'Just now' });
    expect(now.status).toBe(200);
    const at = Date.parse(now.body.communication.timestamp);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    expect((await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'call', subject: 'Yesterday', occurredAt: yesterday })).status).toBe(200);
    const withOffset = await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'meeting', subject: 'Last week', occurredAt: '2026-01-05T09:30:00+01:00' });
    expect(withOffset.body.communication.timestamp).toBe('2026-01-05T08:30:00.000Z');
    // A minute ahead is clock skew; an hour ahead is the future; 30 February does not exist.
    expect((await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'call', subject: 'Skew', occurredAt: new Date(Date.now() + 60_000).toISOString() })).status).toBe(200);
    const future = await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'call', occurredAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.status).toBe(400);
    expect(future.body.data.fieldErrors.occurredAt).toEqual(['must not be in the future']);
    const feb30 = await userRpc.mutation('customers.logCommunication', { customerId: c.id, type: 'call', occurredAt: '2026-02-30T10:00:00Z' });
    expect(feb30.status).toBe(400);
    expect(feb30.body.data.fieldErrors).toHaveProperty('occurredAt');
    const detail = await userRpc.query('customers.detail', { id: c.id });
    expect(detail.body.communications.map((m: { subject: string }) => m.subject)).toEqual(['Skew', 'Just now', 'Yesterday', 'Last week']);
  });

  it('refuses a file too large (413), of a type not allowed or not matching its bytes (415), and a cookie without the CSRF header', async () => {
    const c = await createVia(managerRpc, { name: `Refuse ${tag()}` });
    const before = await customerEvents();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(CRM_LIMITS.fileBytes, 0x20)]);
    expect((await upload(c.id, big, 'application/pdf', 'big.pdf', { token: tokens.manager })).status).toBe(413);
    // Without a Content-Length (chunked), the limit is enforced while the bytes stream in.
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const chunked = await fetch(`${app.baseUrl}/api/crm/customers/${c.id}/files`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-file-name': 'big.txt', authorization: `Bearer ${tokens.manager}` },
      body: new ReadableStream({
        pull(controller) {
          if (sent++ < 12) controller.enqueue(chunk);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as { code: string }).code).toBe('file_too_large');
    expect((await upload(c.id, '<svg/>', 'image/svg+xml', 'x.svg', { token: tokens.manager })).status).toBe(415);
    expect((await upload(c.id, 'not a png at all', 'image/png', 'x.png', { token: tokens.manager })).status).toBe(415);
    expect((await upload(c.id, Buffer.from([0x61, 0xff, 0xfe, 0x62]), 'text/plain', 'x.txt', { token: tokens.manager })).status).toBe(415);
    expect((await upload(c.id, pdf, 'application/pdf', 'x.pdf', { cookie: managerRpc.cookie! })).status).toBe(401);
    expect(await customerEvents()).toBe(before);
    // Nothing of the refused uploads is left on disk (a refused stream's partial file is removed as its upload
    // unwinds, which can finish a moment after the 413 went out).
    const partials = () => readdirSync(path.join(app.dataDir, 'files'), { recursive: true }).map(String).filter((f) => f.endsWith('.part'));
    await vi.waitFor(() => expect(partials()).toEqual([]), { timeout: 5_000, interval: 50 });
    const ok = await upload(c.id, 'name,email\r\nAda,ada@example.com\r\n', 'text/csv; charset=utf-8', 'list.csv', { cookie: managerRpc.cookie!, csrf: true });
    expect(ok.status).toBe(201);
    const noName = await upload(c.id, pdf, 'application/pdf', '', { token: tokens.manager });
    expect(noName.status).toBe(400);
    expect(await noName.text()).toContain('x-file-name');
    expect((await upload(randomUUID(), pdf, 'application/pdf', 'x.pdf', { token: tokens.manager })).status).toBe(404);
  });
});

describe('CSV export and import', () => {
  it('streams the spec columns and file name, escaped and safe from formula injection', async () => {
    const t = tag();
    await createVia(managerRpc, { name: `=HYPERLINK("x") ${t}`, email: `a.${t}@example.com`, company: 'Quote, "Inc"', phone: '+1 555 0100', status: 'customer', leadScore: 70, leadSource: 'website' });
    await createVia(managerRpc, { name: `Plain ${t}`, phone: '+44 20 7946 0000', company: '=cmd', status: 'prospect', leadSource: 'social_media' });
    await createVia(userRpc, { name: `Users own ${t}` });
    const res = await fetch(`${app.baseUrl}/api/crm/customers/export?search=${t}`, { headers: { cookie: managerRpc.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Spreadsheet programs read it as UTF-8 only with the byte order mark first (EF BB BF).
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8'));
    expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'Company', 'Status', 'Lead Score', 'Source', 'Total Value', 'Created']);
    expect(rows).toHaveLength(4);
    const injected = rows.find((r) => r[0]!.includes('HYPERLINK'))!;
    // Labels, not codes; a phone number as typed (no apostrophe); a formula defused.
    expect(injected).toEqual([`'=HYPERLINK("x") ${t}`, `a.${t}@example.com`, '+1 555 0100', 'Quote, "Inc"', 'Customer', '70', 'Website', '0.00', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
    const plain = rows.find((r) => r[0] === `Plain ${t}`)!;
    expect(plain.slice(2, 7)).toEqual(['+44 20 7946 0000', "'=cmd", 'Prospect', '0', 'Social media']);
    // A user's export holds only their own customers; filters apply.
    const mine = parseCsv(await (await fetch(`${app.baseUrl}/api/crm/customers/export?search=${t}`, { headers: { authorization: `Bearer ${tokens.user}` } })).text());
    expect(mine.slice(1).map((r) => r[0])).toEqual([`Users own ${t}`]);
    const customersOnly = parseCsv(await (await fetch(`${app.baseUrl}/api/crm/customers/export?search=${t}&status=customer`, { headers: { authorization: `Bearer ${tokens.manager}` } })).text());
    expect(customersOnly).toHaveLength(2);
    expect((await fetch(`${app.baseUrl}/api/crm/customers/export?status=friend`, { headers: { authorization: `Bearer ${tokens.manager}` } })).status).toBe(400);
  });

  it('exports every matching row once', async () => {
    const t = tag();
    const rows = Array.from({ length: 45 }, (_, i) => ({ name: `Bulk ${t} ${String(i).padStart(2, '0')}` }));
    const imported = await managerRpc.mutation('customers.importRows', { rows, firstRow: 2 });
    expect(imported.status).toBe(200);
    expect(imported.body.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    const csv = parseCsv(await (await fetch(`${app.baseUrl}/api/crm/customers/export?search=bulk ${t}`, { headers: { authorization: `Bearer ${tokens.manager}` } })).text());
    expect(csv).toHaveLength(46);
    expect(new Set(csv.slice(1).map((r) => r[0])).size).toBe(45);
  });

  it('imports each row as its own command and reports the bad ones by row', async () => {
    const t = tag();
    const before = await customerEvents();
    const res = await userRpc.mutation('customers.importRows', {
      firstRow: 2,
      rows: [
        { name: `Imp A ${t}`, email: `imp.a.${t}@example.com` },
        { name: '', email: 'broken' },
        { name: `Imp C ${t}`, assignedTo: other.id },
        { name: `Imp D ${t}`, status: 'customer', tags: ['csv'] },
      ],
    });
    expect(res.status).toBe(200);
    const results = res.body.results as { row: number; ok: boolean; id?: string; errors?: Record<string, string[]> }[];
    expect(results.map((r) => [r.row, r.ok])).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [5, true],
    ]);
    expect(Object.keys(results[1]!.errors!).sort()).toEqual(['email', 'name']);
    // The same problems in a form the app translates: issue kinds for bad input, the rule's code otherwise.
    expect(results[1]).toMatchObject({ issues: { name: [{ kind: 'required' }], email: [{ kind: 'format' }] } });
    expect(results[2]!.errors).toHaveProperty('assignedTo');
    expect(results[2]).toMatchObject({ code: 'assign_forbidden' });
    expect(await customerEvents()).toBe(before + 2);
    const list = await userRpc.query('customers.list', { search: t });
    expect(list.body.customers.map((c: { name: string }) => c.name).sort()).toEqual([`Imp A ${t}`, `Imp D ${t}`]);
    const tooMany = await userRpc.mutation('customers.importRows', { rows: Array.from({ length: 501 }, () => ({ name: 'x' })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.fieldErrors).toHaveProperty('rows');
  });
});

describe('detail tabs and totals from the deals and tasks read models', () => {
  it('shows the deals and tasks of the customer; totals count every deal and the value of those won', async () => {
    const t = tag();
    const c = await createVia(managerRpc, { name: `Totals ${t}`, assignedTo: user.id });
    const deal = async (title: string, value: number, stage: string, assignedTo = user.id) => {
      const res = await managerRpc.mutation('deals.create', { title, value, stage, customerId: c.id, assignedTo });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.deal.id as string;
    };
    await deal('Won', 1200.5, 'closed_won');
    await deal('Open', 300, 'proposal');
    await deal('Lost', 50, 'closed_lost', other.id);
    const task = await managerRpc.mutation('tasks.create', { title: `Call ${t}`, type: 'call', customerId: c.id, assignedTo: user.id });
    expect(task.status, JSON.stringify(task.body)).toBe(200);
    const detail = await managerRpc.query('customers.detail', { id: c.id });
    expect(detail.body.customer).toMatchObject({ totalDeals: 3, totalValue: 1200.5 });
    expect(detail.body.deals.map((d: { title: string }) => d.title).sort()).toEqual(['Lost', 'Open', 'Won']);
    expect(detail.body.tasks).toMatchObject([{ title: `Call ${t}`, type: 'call', status: 'pending' }]);
    // The list carries the same totals; the owner sees the deals assigned to them on the tab.
    const list = await userRpc.query('customers.list', { search: `totals ${t}` });
    expect(list.body.customers[0]).toMatchObject({ totalDeals: 3, totalValue: 1200.5 });
    const mine = await userRpc.query('customers.detail', { id: c.id });
    expect(mine.body.deals.map((d: { title: string }) => d.title).sort()).toEqual(['Open', 'Won']);
    const csv = parseCsv(await (await fetch(`${app.baseUrl}/api/crm/customers/export?search=totals ${t}`, { headers: { authorization: `Bearer ${tokens.manager}` } })).text());
    expect(csv[1]![7]).toBe('1200.50');
  });
});
