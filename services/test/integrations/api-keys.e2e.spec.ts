/**
 * API keys end to end: created (the key shown once), listed masked, used on REST routes (right scope 200, wrong
 * scope 403, revoked 401, expired 401, creator demoted or deactivated loses rights), never on tRPC, usage counted,
 * RateLimit headers on every key request and 429 + Retry-After past the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginToken, rest } from '../../../test-support/http.ts';

const RATE_LIMIT = 40;

describe('API keys', () => {
  let app: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { API_KEY_RATE_LIMIT: String(RATE_LIMIT) } });
    adminToken = await loginToken(app, app.admin);
  }, 60_000);
  afterAll(async () => app?.stop());

  async function createKey(body: unknown, token = adminToken) {
    return rest(app, '/api/admin/api-keys', { method: 'POST', token, json: body });
  }

  it('creates a key shown once, lists it masked with no key material, and records an audited event without it', async () => {
    const res = await createKey({ name: 'Reporting', scopes: ['customers:read'] });
    expect(res.status).toBe(201);
    const apiKey = res.body.apiKey;
    expect(apiKey.key).toMatch(/^crm_live_[0-9A-Za-z]{36}$/);
    expect(apiKey).toMatchObject({ name: 'Reporting', scopes: ['customers:read'], status: 'active', expiresAt: null, usageCount: 0, lastUsedAt: null });
    expect(apiKey.masked).toBe(`crm_live_…${apiKey.key.slice(-4)}`);

    const list = await rest(app, '/api/admin/api-keys', { token: adminToken });
    expect(list.status).toBe(200);
    const listed = list.body.apiKeys.find((k: { id: string }) => k.id === apiKey.id);
    expect(listed).toMatchObject({ id: apiKey.id, masked: apiKey.masked, status: 'active' });
    expect(JSON.stringify(list.body)).not.toContain(apiKey.key);
    expect(listed.key).toBeUndefined();

    const events = await app.platform.pool.query(`SELECT data::text AS data, metadata::text AS metadata FROM es_events WHERE stream_id = $1`, [`api-key-${apiKey.id}`]);
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0].data).toContain('"last4"');
    expect(events.rows[0].data + events.rows[0].metadata).not.toContain(apiKey.key.slice(9, 39));
    const audit = await rest(app, `/api/admin/audit-logs?search=${apiKey.id}`, { token: adminToken });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).not.toContain(apiKey.key.slice(9, 39));
    const stored = await app.platform.pool.query('SELECT key_hash FROM integration_api_key_credential WHERE key_id = $1', [apiKey.id]);
    expect(stored.rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const noName = await createKey({ name: '  ', scopes: ['customers:read'] });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('name');
    expect(JSON.stringify(noName.body)).toContain('Please provide a name for the API key.');
    const badScope = await createKey({ name: 'x', scopes: ['everything:write'] });
    expect(badScope.status).toBe(400);
    expect(badScope.body.message).toContain('scopes');
    const past = await createKey({ name: 'x', scopes: ['customers:read'], expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    const badId = await rest(app, '/api/admin/api-keys/not-a-uuid', { method: 'DELETE', token: adminToken });
    expect(badId.status).toBe(400);
  });

  it('a key works on the routes its scopes cover, 403 elsewhere, and never on tRPC', async () => {
    const { key } = (await createKey({ name: 'CRM sync', scopes: ['customers:read', 'deals:write'] })).body.apiKey;
    const ok = await rest(app, '/api/crm/customers', { token: key });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);

    const wrong = await rest(app, '/api/crm/tasks', { token: key });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'api_key_scope_missing', requiredScope: 'tasks:read' });
    const writeCustomers = await rest(app, '/api/crm/customers', { method: 'POST', token: key, json: {} });
    expect(writeCustomers.status).toBe(403);
    const deal = await rest(app, '/api/crm/deals', { method: 'POST', token: key, json: {} });
    expect(deal.status).toBe(400);

    // Keys cannot manage keys.
    const keys = await rest(app, '/api/admin/api-keys', { token: key });
    expect(keys.status).toBe(403);
    // tRPC is for sessions: a key there is no caller.
    const trpc = await fetch(`${app.baseUrl}/trpc/customers.list`, { headers: { authorization: `Bearer ${key}` } });
    expect(trpc.status).toBe(401);
  });

  it('a change made with a key is audited as its creator, naming the key', async () => {
    const { key, id } = (await createKey({ name: 'Importer', scopes: ['customers:write'] })).body.apiKey;
    const created = await rest(app, '/api/crm/customers', { method: 'POST', token: key, json: { name: 'Keyed Ltd' } });
    expect(created.status).toBe(201);
    const entry = async () =>
      (await app.platform.pool.query(`SELECT user_id, details FROM audit_log WHERE event_type = 'CustomerCreated' AND entity_id = $1`, [created.body.data.id])).rows[0];
    await expect.poll(entry, { timeout: 10_000 }).toBeDefined();
    expect(await entry()).toMatchObject({ user_id: expect.any(String), details: { name: 'Keyed Ltd', viaApiKey: id } });
  });

  it('a revoked, expired, unknown or mistyped key is a 401 with a code', async () => {
    const created = (await createKey({ name: 'Soon revoked', scopes: ['customers:read'] })).body.apiKey;
    expect((await rest(app, '/api/crm/customers', { token: created.key })).status).toBe(200);
    const revoke = await rest(app, `/api/admin/api-keys/${created.id}`, { method: 'DELETE', token: adminToken });
    expect(revoke.status).toBe(200);
    const after = await rest(app, '/api/crm/customers', { token: created.key });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('api_key_revoked');
    const again = await rest(app, `/api/admin/api-keys/${created.id}`, { method: 'DELETE', token: adminToken });
    expect(again.status).toBe(409);
    const listed = (await rest(app, '/api/admin/api-keys', { token: adminToken })).body.apiKeys.find((k: { id: string }) => k.id === created.id);
    expect(listed.status).toBe('revoked');

    const expiring = (await createKey({ name: 'Short-lived', scopes: ['customers:read'], expiresAt: new Date(Date.now() + 1500).toISOString() })).body.apiKey;
    expect((await rest(app, '/api/crm/customers', { token: expiring.key })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    const expired = await rest(app, '/api/crm/customers', { token: expiring.key });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('api_key_expired');

    // Well-formed but unknown, and one character off (the checksum fails).
    const unknown = `crm_live_${'A'.repeat(30)}`;
    const { apiKeyChecksum } = await import('../../src/integrations/api-keys/api-key.format.ts');
    const unknownKey = unknown + apiKeyChecksum('A'.repeat(30));
    expect((await rest(app, '/api/crm/customers', { token: unknownKey })).body.code).toBe('api_key_invalid');
    const typo = `${expiring.key.slice(0, 12)}${expiring.key[12] === 'x' ? 'y' : 'x'}${expiring.key.slice(13)}`;
    const typoRes = await rest(app, '/api/crm/customers', { token: typo });
    expect(typoRes.status).toBe(401);
    expect(typoRes.body.code).toBe('api_key_invalid');
    // Public routes ignore a refused key.
    expect((await rest(app, '/api/status', { token: typo })).status).toBe(200);
  });

  it('a key acts with its creator’s current rights: demoted loses them, deactivated is refused', async () => {
    const creator = await createAccount(app, { userType: 'admin' });
    const creatorToken = await loginToken(app, creator);
    const { key } = (await createKey({ name: 'Audit export', scopes: ['audit:read', 'customers:read'] }, creatorToken)).body.apiKey;
    expect((await rest(app, '/api/admin/audit-logs', { token: key })).status).toBe(200);

    const demote = await rest(app, '/api/admin/users', { method: 'PUT', token: adminToken, json: { userId: creator.id, action: 'changeType', value: 'manager' } });
    expect(demote.status).toBe(200);
    const demoted = await rest(app, '/api/admin/audit-logs', { token: key });
    expect(demoted.status).toBe(403);
    // What a manager may still do, the key still may.
    expect((await rest(app, '/api/crm/customers', { token: key })).status).toBe(200);

    const deactivate = await rest(app, '/api/admin/users', { method: 'PUT', token: adminToken, json: { userId: creator.id, action: 'activate', value: false } });
    expect(deactivate.status).toBe(200);
    const inactive = await rest(app, '/api/crm/customers', { token: key });
    expect(inactive.status).toBe(401);
    expect(inactive.body.code).toBe('api_key_creator_inactive');
  });

  it('a manager cannot create keys (integrations:manage), and scopes beyond the role are refused', async () => {
    const manager = await createAccount(app, { userType: 'manager' });
    const res = await createKey({ name: 'x', scopes: ['bookings:read'] }, await loginToken(app, manager));
    expect(res.status).toBe(403);
  });

  it('sends RateLimit headers on every key request, 429 + Retry-After past the limit, and counts usage', async () => {
    const created = (await createKey({ name: 'Busy', scopes: ['customers:read'] })).body.apiKey;
    const first = await rest(app, '/api/crm/customers', { token: created.key });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe(`"api-key";q=${RATE_LIMIT};w=60`);
    expect(first.headers.get('ratelimit')).toMatch(new RegExp(`^"api-key";r=${RATE_LIMIT - 1};t=\\d+$`));
    // Session requests carry none.
    expect((await rest(app, '/api/crm/customers', { token: adminToken })).headers.get('ratelimit')).toBeNull();

    let limited = null;
    for (let i = 1; i <= RATE_LIMIT + 1 && !limited; i++) {
      const res = await rest(app, '/api/crm/customers', { token: created.key });
      if (res.status === 429) limited = res;
    }
    // A window boundary can reset the count once: then the next window's limit is reached.
    for (let i = 0; i <= RATE_LIMIT && !limited; i++) {
      const res = await rest(app, '/api/crm/customers', { token: created.key });
      if (res.status === 429) limited = res;
    }
    expect(limited).not.toBeNull();
    expect(limited!.body.code).toBe('api_key_rate_limited');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.headers.get('ratelimit')).toMatch(/^"api-key";r=0;t=\d+$/);

    const list = await rest(app, '/api/admin/api-keys', { token: adminToken });
    const listed = list.body.apiKeys.find((k: { id: string }) => k.id === created.id);
    expect(listed.usageCount).toBeGreaterThanOrEqual(RATE_LIMIT);
    expect(listed.lastUsedAt).not.toBeNull();
  });
});
