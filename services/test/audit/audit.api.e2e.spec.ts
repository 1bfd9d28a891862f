/**
 * The audit trail over HTTP (issue 14) against a running platform: a customer created and edited through the API
 * shows as entries with per-field changes, actor and session; REST `GET /api/admin/audit-logs` (filters, tiles,
 * paging), `/export` (the spec's columns, BOM, file name; the export itself audited, as are the customers and
 * login-history exports), `/verify` (a row changed in the database is reported at its entry), `/:id`; the tRPC
 * `audit` router with the `audit.live` subscription over server-sent events (resumes after lastEventId); a rebuild
 * (`npm run rebuild -- audit_log`'s code path) gives the same hashes; `audit:read` enforced (manager, user: 403).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS } from '@crm/contracts';
import { runRebuildCli } from '@crm/projections';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest } from '../../../test-support/http.ts';

let app: TestApp;

/** `npm run audit:verify`'s program (its source through tsx, as the build bundles it) on the test app's database. */
async function auditVerifyCli(...args: string[]): Promise<{ code: number; stdout: string }> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const env = { ...process.env, DATABASE_URL: (app.platform.pool.options as { connectionString: string }).connectionString, DATA_DIR: app.dataDir, LOG_LEVEL: 'silent' };
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'services/src/audit-verify.ts', ...args], { cwd: root, env });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}
let adminToken: string;
let managerToken: string;
let userToken: string;
let customerId: string;

/** Polls the list until `predicate` holds for its answer (the projection runs behind the commands). */
async function eventually<T>(read: () => Promise<T>, predicate: (value: T) => boolean, what: string, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (predicate(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const list = (query: string, token = adminToken) => rest(app, `/api/admin/audit-logs?${query}`, { token });

beforeAll(async () => {
  app = await startTestApp();
  adminToken = await loginToken(app, app.admin);
  const manager = await createAccount(app, { userType: 'manager' });
  const user = await createAccount(app, { userType: 'user' });
  managerToken = await loginToken(app, manager);
  userToken = await loginToken(app, user);
  const created = await rest(app, '/api/crm/customers', { method: 'POST', token: adminToken, json: { name: 'Ada Lovelace', email: 'ada@example.com', status: 'lead' } });
  expect(created.status).toBe(201);
  customerId = created.body.data.id;
  const updated = await rest(app, `/api/crm/customers/${customerId}`, { method: 'PUT', token: adminToken, json: { name: 'Ada King', city: 'London' } });
  expect(updated.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

describe('audit log API', () => {
  it('an edit shows exactly which fields changed, old → new, with who, where and the session', async () => {
    const res = await eventually(() => list(`search=${customerId}&dateRange=24h`), (r) => r.body?.total >= 2, 'the customer entries');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, total: 2, tiles: { total: 2, creates: 1, updates: 1, deletes: 0 } });
    expect(res.body.message).toBe('2 audit entries');
    const [update, create] = res.body.data;
    expect(create).toMatchObject({ action: 'CREATE', entity: 'customer', entityId: customerId, eventType: 'CustomerCreated', outcome: 'success', riskLevel: 'low', userRole: 'admin', ipAddress: '127.0.0.1', location: 'Local network' });
    expect(create.changes).toEqual(expect.arrayContaining([{ field: 'name', oldValue: null, newValue: 'Ada Lovelace' }]));
    expect(update).toMatchObject({ action: 'UPDATE', entity: 'customer', entityId: customerId, eventType: 'CustomerUpdated' });
    expect(update.changes).toEqual([
      { field: 'name', oldValue: 'Ada Lovelace', newValue: 'Ada King' },
      { field: 'city', oldValue: null, newValue: 'London' },
    ]);
    expect(update.userId).toBe(create.userId);
    expect(update.sessionId).toEqual(expect.any(String));
    expect(update.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(update.position).toBeGreaterThan(create.position);
    const one = await rest(app, `/api/admin/audit-logs/${update.id}`, { token: adminToken });
    expect(one.body).toEqual({ success: true, data: update });
  });

  it('filters: action, entity, risk, date range and paging; a bad filter is a 400 naming it', async () => {
    const logins = await list('action=LOGIN&dateRange=1h&limit=2');
    expect(logins.status).toBe(200);
    expect(logins.body.data.length).toBe(2);
    expect(logins.body.data.every((e: { action: string; entity: string }) => e.action === 'LOGIN' && e.entity === 'session')).toBe(true);
    expect(logins.body.total).toBeGreaterThanOrEqual(3);
    const page2 = await list('action=LOGIN&dateRange=1h&limit=2&page=2');
    expect(page2.body.data[0].position).toBeLessThan(logins.body.data[1].position);
    const all = await list('dateRange=all&limit=100');
    expect(all.body.tiles.total).toBe(all.body.total);
    expect(all.body.total).toBeGreaterThanOrEqual(all.body.data.length);
    const users = await list('entity=user&dateRange=all');
    expect(users.body.data.every((e: { entity: string }) => e.entity === 'user')).toBe(true);
    const high = await list('risk=high&dateRange=all');
    expect(high.body.data.every((e: { riskLevel: string }) => e.riskLevel === 'high')).toBe(true);
    expect((await list('dateRange=2h')).status).toBe(400);
    const bad = await list('limit=500&action=FROB');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit/);
    expect(bad.body.message).toMatch(/action/);
  });

  it('audit:read only: a manager and a user get 403, without a token 401', async () => {
    for (const token of [managerToken, userToken]) {
      for (const path of ['/api/admin/audit-logs', '/api/admin/audit-logs/export', '/api/admin/audit-logs/verify']) {
        expect((await rest(app, path, { token })).status, path).toBe(403);
      }
    }
    expect((await rest(app, '/api/admin/audit-logs')).status).toBe(401);
    const manager = await loginSession(app, await createAccount(app, { userType: 'manager' }));
    expect((await manager.query('audit.list', {})).status).toBe(403);
    expect((await manager.query('audit.verify')).status).toBe(403);
  });

  it('the CSV export: BOM, the spec’s columns, a dated file name, and the export itself is audited', async () => {
    const res = await fetch(`${app.baseUrl}/api/admin/audit-logs/export?dateRange=all&entity=customer`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(AUDIT_CSV_COLUMNS.slice(0, 7)).toEqual(['Date', 'User', 'Action', 'Entity', 'Entity ID', 'Changes', 'Status']);
    expect(lines.some((l) => l.includes(customerId) && l.includes('UPDATE') && l.includes('name: Ada Lovelace → Ada King'))).toBe(true);

    // The customers and login-history exports are audited too.
    expect((await fetch(`${app.baseUrl}/api/crm/customers/export`, { headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/api/admin/login-history/export`, { headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(200);
    const exports = await eventually(() => list('action=EXPORT&dateRange=1h'), (r) => r.body?.total >= 3, 'three export entries');
    const what = exports.body.data.map((e: { details: { what: string } }) => e.details.what).sort();
    expect(what).toEqual(['audit_log_csv', 'customers_csv', 'login_history_csv']);
    const auditExport = exports.body.data.find((e: { details: { what: string } }) => e.details.what === 'audit_log_csv');
    expect(auditExport).toMatchObject({ eventType: 'DataExported', entity: 'audit_log', riskLevel: 'high', userRole: 'admin', ipAddress: '127.0.0.1' });
    expect(auditExport.details.filters).toMatchObject({ dateRange: 'all', entity: 'customer' });
  });

  it('tRPC audit.list, audit.get and audit.verify with the session cookie', async () => {
    const admin = await loginSession(app, app.admin);
    const page = await admin.query('audit.list', { search: customerId, dateRange: 'all' });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.tiles).toEqual({ total: 2, creates: 1, updates: 1, deletes: 0 });
    // Entity ids match by prefix, in either case (not from the middle: they are not in the trigram text).
    const byPrefix = await admin.query('audit.list', { search: customerId.slice(0, 13).toUpperCase(), dateRange: 'all' });
    expect(byPrefix.body.data.map((e: { id: string }) => e.id)).toEqual(page.body.data.map((e: { id: string }) => e.id));
    expect((await admin.query('audit.list', { search: customerId.slice(9, 30), dateRange: 'all' })).body.total).toBe(0);
    const got = await admin.query('audit.get', { id: page.body.data[0].id });
    expect(got.body).toEqual(page.body.data[0]);
    expect((await admin.query('audit.get', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await admin.query('audit.get', { id: 'nope' })).status).toBe(400);
    expect((await admin.query('audit.verify')).body).toMatchObject({ ok: true });
  });

  it('audit.live streams new entries over server-sent events, and resumes after lastEventId', async () => {
    const admin = await loginSession(app, app.admin);
    const abort = new AbortController();
    const res = await fetch(`${app.baseUrl}/trpc/audit.live?input=${encodeURIComponent(JSON.stringify({}))}`, { headers: { cookie: admin.cookie!, accept: 'text/event-stream' }, signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const seen: { id: string; data: { entityId: string; action: string; position: number } }[] = [];
    let buffer = '';
    const readUntil = async (predicate: () => boolean) => {
      const until = Date.now() + 15_000;
      while (!predicate() && Date.now() < until) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += new TextDecoder().decode(value);
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = /^id: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (id && data) seen.push({ id, data: JSON.parse(data) });
        }
      }
    };
    // Give the subscription its start position, then change something.
    await new Promise((r) => setTimeout(r, 300));
    expect((await rest(app, `/api/crm/customers/${customerId}`, { method: 'PUT', token: adminToken, json: { city: 'Paris' } })).status).toBe(200);
    await readUntil(() => seen.some((e) => e.data.entityId === customerId));
    abort.abort();
    const live = seen.find((e) => e.data.entityId === customerId)!;
    expect(live.data.action).toBe('UPDATE');
    expect(live.id).toBe(String(live.data.position));

    // Reconnect with the id before it: the stream starts right after that entry.
    const resumed = await fetch(`${app.baseUrl}/trpc/audit.live?input=${encodeURIComponent(JSON.stringify({ lastEventId: String(live.data.position - 1) }))}`, { headers: { cookie: admin.cookie!, accept: 'text/event-stream' } });
    const r2 = resumed.body!.getReader();
    let text = '';
    while (!/^id: /m.test(text)) text += new TextDecoder().decode((await r2.read()).value);
    await r2.cancel();
    expect(/^id: ?(.*)$/m.exec(text)![1]).toBe(String(live.data.position));
    // A manager may not subscribe: the stream carries tRPC's FORBIDDEN error and no entry.
    const manager = await loginSession(app, await createAccount(app, { userType: 'manager' }));
    const refused = await fetch(`${app.baseUrl}/trpc/audit.live?input=${encodeURIComponent(JSON.stringify({}))}`, { headers: { cookie: manager.cookie!, accept: 'text/event-stream' } });
    const r3 = refused.body!.getReader();
    let refusal = '';
    while (!/FORBIDDEN/.test(refusal)) {
      const { value, done } = await r3.read();
      if (done) break;
      refusal += new TextDecoder().decode(value);
    }
    await r3.cancel();
    expect(refusal).toMatch(/event: serialized-error/);
    expect(refusal).toMatch(/FORBIDDEN/);
    expect(refusal).not.toMatch(/^id: /m);
  });

  it('a rebuild gives the same hashes; a row changed in the database is reported at its entry (REST and npm run audit:verify)', async () => {
    const pool = app.platform.pool;
    const before = (await pool.query<{ position: string; hash: string }>('SELECT position, hash FROM audit_log ORDER BY position')).rows;
    expect(before.length).toBeGreaterThan(10);
    const sink = new Writable({ write: (_c, _e, cb) => cb() });
    expect(await runRebuildCli(['audit_log'], { pool, store: app.platform.store, stdout: sink, stderr: sink })).toBe(0);
    const after = (await pool.query<{ position: string; hash: string }>('SELECT position, hash FROM audit_log WHERE position <= $1 ORDER BY position', [before.at(-1)!.position])).rows;
    expect(after).toEqual(before);
    expect((await rest(app, '/api/admin/audit-logs/verify', { token: adminToken })).body).toMatchObject({ success: true, ok: true, checked: expect.any(Number) });
    const clean = await auditVerifyCli();
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^Audit chain verified: \d+ entries, no broken link/);

    // Tamper with one entry in the middle: the walk stops there.
    const target = before[Math.floor(before.length / 2)]!;
    await pool.query(`UPDATE audit_log SET details = jsonb_set(details::jsonb, '{tampered}', 'true') WHERE position = $1`, [target.position]);
    const verify = await rest(app, '/api/admin/audit-logs/verify', { token: adminToken });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ success: true, ok: false, checked: Number(target.position) - 1, firstBroken: { position: Number(target.position), actualHash: target.hash } });
    expect(verify.body.firstBroken.expectedHash).not.toBe(target.hash);
    const entry = await pool.query<{ id: string }>('SELECT id FROM audit_log WHERE position = $1', [target.position]);
    expect(verify.body.firstBroken.entryId).toBe(entry.rows[0]!.id);
    const broken = await auditVerifyCli();
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`Audit chain BROKEN at entry ${target.position} (id ${entry.rows[0]!.id})`);
  });

  it('entries removed at the end are reported (fewer than the events applied, or than a recorded head), and a recorded head must keep its hash', async () => {
    const pool = app.platform.pool;
    const sink = new Writable({ write: (_c, _e, cb) => cb() });
    const verify = async (query = '') => (await rest(app, `/api/admin/audit-logs/verify${query}`, { token: adminToken })).body;
    // A good chain again (the test before tampered with it): rebuilt from the events.
    expect(await runRebuildCli(['audit_log'], { pool, store: app.platform.store, stdout: sink, stderr: sink })).toBe(0);
    const first = await verify();
    expect(first).toMatchObject({ ok: true, head: { position: first.checked, hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const recorded = `${first.head.position}:${first.head.hash}`;

    // More events; the recorded head still holds.
    for (let i = 0; i < 3; i++) expect((await rest(app, '/api/crm/customers', { method: 'POST', token: adminToken, json: { name: `Tail ${i}`, status: 'lead' } })).status).toBe(201);
    await expect.poll(async () => (await verify()).checked, { timeout: 10_000 }).toBeGreaterThanOrEqual(first.checked + 3);
    const grown = await verify(`?expectHead=${recorded}`);
    expect(grown).toMatchObject({ ok: true });
    expect((await auditVerifyCli('--expect-head', recorded)).code).toBe(0);

    // The newest entries deleted: the chain that is left is valid, but shorter than the events applied.
    const { rows } = await pool.query<{ position: string }>('SELECT position FROM audit_log ORDER BY position DESC LIMIT 3');
    await pool.query('DELETE FROM audit_log WHERE position >= $1', [rows.at(-1)!.position]);
    const cut = await verify();
    expect(cut).toMatchObject({ ok: false, checked: grown.checked - 3, missing: { expected: grown.checked, found: grown.checked - 3 }, head: { position: grown.checked - 3 } });
    expect(cut.firstBroken).toBeUndefined();
    const cli = await auditVerifyCli();
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`Audit chain TRUNCATED: ${grown.checked - 3} entries, ${grown.checked} expected (3 missing at the end).`);
    expect(cli.stdout).toContain(`Head (record it outside the database, pass it back with --expect-head): ${cut.head.position}:${cut.head.hash}`);

    // Rebuilt from the events: whole again, and the recorded head is the same entry.
    expect(await runRebuildCli(['audit_log'], { pool, store: app.platform.store, stdout: sink, stderr: sink })).toBe(0);
    expect(await verify(`?expectHead=${recorded}`)).toMatchObject({ ok: true, checked: grown.checked });
    // A head that was never this chain's, and one beyond its end.
    const other = `${first.head.position}:${'0'.repeat(64)}`;
    expect(await verify(`?expectHead=${other}`)).toMatchObject({ ok: false, headMismatch: { position: first.head.position, expectedHash: '0'.repeat(64), actualHash: first.head.hash } });
    expect(await verify(`?expectHead=${grown.checked + 100}:${first.head.hash}`)).toMatchObject({ ok: false, missing: { expected: grown.checked + 100, found: grown.checked } });
    // A malformed head is a 400 naming it (REST) and exit code 2 (the command).
    const bad = await rest(app, '/api/admin/audit-logs/verify?expectHead=12:nothex', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('expectHead');
    expect((await auditVerifyCli('--expect-head', 'nonsense')).code).toBe(2);
  });
});
