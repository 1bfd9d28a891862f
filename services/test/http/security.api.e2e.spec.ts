/**
 * Login flow, throttling, rate limits, IP blocks and login history over real HTTP (REST and tRPC).
 * All traffic comes from 127.0.0.1; the per-IP throttle and rate limit are tested on a second app with
 * small limits, so the main app's other tests are not throttled by them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, trpcClient, type TestAccount } from '../../../test-support/http.ts';
import { businessDayIn } from '../../../test-support/dates.ts';
import { createIpBlocksService } from '../../src/security/ip-blocks.service.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const eventCount = async (app: TestApp) => Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);
const booking = () => ({ name: 'Grace Hopper', email: 'grace@example.com', meetingType: 'demo', preferredDate: businessDayIn(10), preferredTime: '10:00' });
const restLogin = (app: TestApp, email: string, password: string, userAgent = CHROME) =>
  rest(app, '/api/admin/login', { method: 'POST', json: { email, password }, headers: { 'user-agent': userAgent } });

let app: TestApp;
let adminToken: string;

beforeAll(async () => {
  app = await startTestApp({
    env: {
      LOGIN_FREE_ATTEMPTS: '3',
      LOGIN_IP_FREE_ATTEMPTS: '100000',
      // Waits of 3 s or more: under a full test run on two cores one login can take most of a second.
      LOGIN_BASE_DELAY_MS: '3000',
      LOGIN_MAX_DELAY_SECONDS: '4',
      LOGIN_DECAY_MINUTES: '60',
      RATE_LIMIT_PUBLIC_MAX: '0',
    },
  });
  adminToken = await loginToken(app, app.admin);
});
afterAll(async () => {
  await app?.stop();
});

// First: the detector's "failures across many accounts" rule would flag every later attempt from 127.0.0.1.
describe('login history', () => {
  let person: TestAccount;
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    person = await createAccount(app, { name: `History ${tag}`, email: `history-${tag}@example.com` });
    // 1 wrong password from Chrome, 1 success from Chrome, 1 success from an iPhone (a new device: suspicious).
    await restLogin(app, person.email, 'wrong-password');
    await restLogin(app, person.email, person.password);
    const phone = await loginSession(app, person, { userAgent: IPHONE });
    // The phone's session ends: its row gets a duration.
    await phone.mutation('auth.logout');
    // A "formula" typed as an e-mail ends up in the export, defused.
    await restLogin(app, `=HYPERLINK("http://evil")+${tag}`, 'x');
  });

  async function history(query: string, token = adminToken) {
    return rest(app, `/api/admin/login-history${query}`, { token });
  }

  it('lists one row per attempt with the spec fields, newest first, and the four tiles', async () => {
    await vi.waitFor(async () => {
      const res = await history(`?search=history-${tag}`);
      expect(res.body.data).toHaveLength(3);
      expect(res.body.data[0].session_duration).not.toBeNull();
    });
    const res = await history(`?search=history-${tag}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: expect.any(String), page: 1, limit: 50, total: 3 });
    const [phone, chrome, failed] = res.body.data;
    expect(failed).toMatchObject({
      user_id: person.id,
      user_name: person.name,
      user_email: person.email,
      ip_address: '127.0.0.1',
      location: 'Local network',
      device: 'desktop',
      browser: 'Chrome 131',
      status: 'failed',
      failure_reason: 'wrong_password',
      session_duration: null,
    });
    expect(chrome).toMatchObject({ status: 'success', failure_reason: null, suspicious_reasons: [] });
    expect(phone).toMatchObject({ status: 'suspicious', device: 'mobile', browser: 'Safari 17', suspicious_reasons: ['new_device'] });
    expect(phone.session_duration).toBeGreaterThanOrEqual(0);
    expect(phone.session_id).toBe(phone.id);
    expect(Date.parse(phone.timestamp)).toBeGreaterThanOrEqual(Date.parse(chrome.timestamp));
    expect(res.body.summary).toEqual({ total: 3, successful: 1, failed: 1, suspicious: 1 });
  });

  it('filters by status, device, search (name, e-mail, IP) and date range; tiles ignore the status filter', async () => {
    const failed = await history(`?search=history-${tag}&status=failed`);
    expect(failed.body.data.map((r: { status: string }) => r.status)).toEqual(['failed']);
    expect(failed.body.summary.total).toBe(3);
    expect((await history(`?search=history-${tag}&device=mobile`)).body.data).toHaveLength(1);
    expect((await history(`?search=History%20${tag.toUpperCase()}`)).body.data).toHaveLength(3);
    expect((await history('?search=127.0.0&limit=1')).body.data).toHaveLength(1);
    expect((await history(`?search=history-${tag}&dateRange=today`)).body.data).toHaveLength(3);
    expect((await history(`?search=history-${tag}&dateRange=all&page=2&limit=2`)).body.data).toHaveLength(1);
    const none = await history(`?search=nothing-${tag}`);
    expect(none.body).toMatchObject({ success: true, data: [], message: 'No login records found', summary: { total: 0 } });
    const trpc = await (await loginSession(app, app.admin)).query('security.loginHistory', { search: `history-${tag}`, status: 'suspicious' });
    expect(trpc.body.records).toHaveLength(1);
    expect(trpc.body.days).toEqual([expect.objectContaining({ suspicious: 1, success: 0, failed: 0 })]);
  });

  it('refuses bad filters with 400 naming them', async () => {
    const bad = await history('?status=weird&limit=500&dateRange=year&device=toaster&page=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['dateRange', 'device', 'limit', 'page', 'status']);
  });

  it('exports CSV with the spec columns and file name, formulas defused, with a bearer token or the web session cookie', async () => {
    await vi.waitFor(async () => expect((await history(`?search=hyperlink`)).body.data.length).toBeGreaterThan(0));
    const res = await fetch(`${app.baseUrl}/api/admin/login-history/export?dateRange=all&search=${tag}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="login-history-\d{4}-\d{2}-\d{2}\.csv"$/);
    // UTF-8 byte order mark first (spreadsheet programs), then the header.
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,User,Email,IP Address,Location,Device,Browser,Status,Duration');
    expect(lines).toHaveLength(5);
    const formula = lines.find((l) => l.includes('HYPERLINK'))!;
    expect(formula).toContain(`"'=HYPERLINK(""http://evil"")+${tag}"`);
    // Labels rather than codes for Device and Status.
    expect(lines.some((l) => l.includes(`${person.email},127.0.0.1,Local network,Mobile,Safari 17,Suspicious,`))).toBe(true);
    expect(lines.some((l) => l.endsWith(',Failed,-'))).toBe(true);

    const web = await loginSession(app, app.admin);
    const viaCookie = await fetch(`${app.baseUrl}/api/admin/login-history/export`, { headers: { cookie: web.cookie! } });
    expect(viaCookie.status).toBe(200);
    // Only the export takes the cookie: the JSON API stays bearer-only.
    expect((await fetch(`${app.baseUrl}/api/admin/login-history`, { headers: { cookie: web.cookie! } })).status).toBe(401);
  });

  it('needs security:read (401 anonymous, 403 user and manager) and security:manage to block', async () => {
    const user = await loginToken(app, await createAccount(app, { userType: 'user' }));
    const manager = await loginToken(app, await createAccount(app, { userType: 'manager' }));
    for (const path of ['/api/admin/login-history', '/api/admin/login-history/export', '/api/admin/blocked-ips']) {
      expect((await rest(app, path)).status).toBe(401);
      expect((await rest(app, path, { token: user })).status).toBe(403);
      expect((await rest(app, path, { token: manager })).status).toBe(403);
    }
    expect((await rest(app, '/api/admin/blocked-ips', { method: 'POST', json: { ip: '203.0.113.5' } })).status).toBe(401);
    expect((await rest(app, '/api/admin/blocked-ips', { method: 'POST', token: manager, json: { ip: '203.0.113.5' } })).status).toBe(403);
    expect((await rest(app, '/api/admin/blocked-ips/203.0.113.5', { method: 'DELETE', token: user })).status).toBe(403);
    expect((await trpcClient(app).query('security.loginHistory', {})).status).toBe(401);
  });
});

describe('login: nothing leaks to a stranger', () => {
  it('answers an unknown e-mail and a wrong password identically (REST and tRPC)', async () => {
    const account = await createAccount(app);
    const wrong = await restLogin(app, account.email, 'not-the-password');
    const unknown = await restLogin(app, `nobody-${randomUUID()}@example.com`, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password', code: 'invalid_credentials' });

    const client = trpcClient(app);
    const tWrong = await client.mutation('auth.login', { email: account.email, password: 'not-the-password' });
    const tUnknown = await client.mutation('auth.login', { email: `nobody-${randomUUID()}@example.com`, password: 'not-the-password' });
    expect(tWrong.status).toBe(tUnknown.status);
    expect(tWrong.body).toEqual(tUnknown.body);
    expect(tWrong.body.data.domainCode).toBe('invalid_credentials');
  });

  it('says "awaiting approval" or "deactivated" only after the right password', async () => {
    const pending = await createAccount(app, { approved: false });
    expect((await restLogin(app, pending.email, 'wrong-password')).body.code).toBe('invalid_credentials');
    const right = await restLogin(app, pending.email, pending.password);
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ success: false, code: 'awaiting_approval', message: 'This account is awaiting approval' });

    const gone = await createAccount(app);
    const deactivate = await rest(app, '/api/admin/users', { method: 'PUT', token: adminToken, json: { userId: gone.id, action: 'activate', value: false } });
    expect(deactivate.status).toBe(200);
    expect((await restLogin(app, gone.email, 'wrong-password')).body.code).toBe('invalid_credentials');
    const tRight = await trpcClient(app).mutation('auth.login', { email: gone.email, password: gone.password });
    expect(tRight.status).toBe(422);
    expect(tRight.body.data.domainCode).toBe('account_deactivated');
  });

  it('starts a new session at every login and ends the one the request carried', async () => {
    const account = await createAccount(app);
    const client = await loginSession(app, account);
    const first = client.cookie;
    await client.mutation('auth.login', { email: account.email, password: account.password });
    expect(client.cookie).not.toBe(first);
    const old = await trpcClient(app, { cookie: first }).query('auth.me');
    expect(old.body).toBeNull();
  });
});

describe('throttling of failed logins per account', () => {
  async function failUntilThrottled(email: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await restLogin(app, email, 'wrong-password')).status);
    return statuses;
  }

  it('delays with 429 and Retry-After after the free attempts, the same for known and unknown e-mails, then recovers', async () => {
    const account = await createAccount(app);
    const unknown = `ghost-${randomUUID()}@example.com`;
    // 3 free failures, the 4th starts a 3 s wait, the 5th comes too early.
    expect(await failUntilThrottled(account.email)).toEqual([401, 401, 401, 401, 429]);

    // Even the right password waits; the answer says how long (REST and tRPC alike).
    const early = await restLogin(app, account.email, account.password);
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(early.body).toMatchObject({ success: false, code: 'login_throttled', retryAfterSeconds: expect.any(Number) });
    const tEarly = await trpcClient(app).mutation('auth.login', { email: account.email, password: account.password });
    expect(tEarly.status).toBe(429);
    expect(tEarly.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(tEarly.body.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', domainCode: 'login_throttled', retryAfterSeconds: expect.any(Number) });
    // An e-mail no account has is throttled the same way.
    expect(await failUntilThrottled(unknown)).toEqual([401, 401, 401, 401, 429]);

    await sleep(Number(early.headers.get('retry-after')) * 1000 + 100);
    expect((await restLogin(app, account.email, account.password)).status).toBe(200);
    // A success clears the account's counter: the free attempts are back.
    expect((await failUntilThrottled(account.email)).slice(0, 4)).toEqual([401, 401, 401, 401]);
  });

  it('never locks an account for longer than the configured maximum', async () => {
    const account = await createAccount(app);
    let maxRetry = 0;
    for (let i = 0; i < 12; i++) {
      const res = await restLogin(app, account.email, 'wrong-password');
      if (res.status === 429) maxRetry = Math.max(maxRetry, Number(res.headers.get('retry-after')));
      else await sleep(50);
    }
    expect(maxRetry).toBeGreaterThan(0);
    expect(maxRetry).toBeLessThanOrEqual(4);
    await sleep(4100);
    expect((await restLogin(app, account.email, account.password)).status).toBe(200);
  });
});

describe('IP blocks', () => {
  it('refuses bad input with 400 naming the field and writes nothing', async () => {
    const adminWeb = await loginSession(app, app.admin);
    const before = await eventCount(app);
    const bad = await rest(app, '/api/admin/blocked-ips', { method: 'POST', token: adminToken, json: { ip: '999.1.1.1' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['ip']);
    const badLogin = await rest(app, '/api/admin/blocked-ips', { method: 'POST', token: adminToken, json: { ip: '203.0.113.9', loginId: 'x' } });
    expect(Object.keys(badLogin.body.errors)).toEqual(['loginId']);
    expect((await rest(app, '/api/admin/blocked-ips/not-an-ip', { method: 'DELETE', token: adminToken })).status).toBe(400);
    const trpcBad = await adminWeb.mutation('security.blockIp', { ip: 'example.com' });
    expect(trpcBad.status).toBe(400);
    expect(trpcBad.body.data.fieldErrors).toEqual({ ip: [expect.any(String)] });
    expect(await eventCount(app)).toBe(before);
  });

  it('a block takes effect when the command returns: login and public POSTs refused with 403, the admin session keeps working; unblock restores', async () => {
    const account = await createAccount(app);
    const adminWeb = await loginSession(app, app.admin);
    // Written as an IPv4-mapped IPv6 address: the same address as 127.0.0.1.
    const block = await rest(app, '/api/admin/blocked-ips', { method: 'POST', token: adminToken, json: { ip: '::ffff:127.0.0.1', reason: 'test' } });
    expect(block.status).toBe(201);
    expect(block.body).toMatchObject({ success: true, message: 'IP address 127.0.0.1 has been blocked', data: { ip: '127.0.0.1', reason: 'test' } });
    try {
      const login = await restLogin(app, account.email, account.password);
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({ success: false, code: 'ip_blocked' });
      const tLogin = await trpcClient(app).mutation('auth.login', { email: account.email, password: account.password });
      expect(tLogin.status).toBe(403);
      expect(tLogin.body.data.domainCode).toBe('ip_blocked');

      const post = await rest(app, '/api/bookings', { method: 'POST', json: booking() });
      expect(post.status).toBe(403);
      expect(post.body).toMatchObject({ success: false, code: 'ip_blocked' });
      const tPost = await trpcClient(app).mutation('bookings.request', booking());
      expect(tPost.status).toBe(403);
      expect(tPost.body).toMatchObject({ code: -32003, data: { code: 'FORBIDDEN', domainCode: 'ip_blocked' } });
      const batch = await fetch(`${app.baseUrl}/trpc/auth.register,bookings.request?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-crm-csrf': '1' },
        body: JSON.stringify({ 0: {}, 1: booking() }),
      });
      expect(batch.status).toBe(403);
      expect(((await batch.json()) as unknown[]).length).toBe(2);
      expect((await rest(app, '/api/auth/register', { method: 'POST', json: { name: 'X', email: 'x@example.com', password: 'long-enough-1' } })).status).toBe(403);
      expect((await rest(app, '/api/admin/password-reset?action=request', { method: 'POST', json: { email: 'x@example.com' } })).status).toBe(403);

      // Sessions that exist keep working: a block applies to logins and public POSTs.
      const list = await rest(app, '/api/admin/blocked-ips', { token: adminToken });
      expect(list.body.data).toEqual([expect.objectContaining({ ip: '127.0.0.1', reason: 'test' })]);
      expect((await adminWeb.query('security.blockedIps')).body.blockedIps).toHaveLength(1);

      const again = await rest(app, '/api/admin/blocked-ips', { method: 'POST', token: adminToken, json: { ip: '127.0.0.1' } });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ip_already_blocked');
    } finally {
      const unblock = await rest(app, '/api/admin/blocked-ips/127.0.0.1', { method: 'DELETE', token: adminToken });
      expect(unblock.body).toMatchObject({ success: true, message: 'IP address 127.0.0.1 has been unblocked' });
    }
    expect((await restLogin(app, account.email, account.password)).status).toBe(200);
    expect((await rest(app, '/api/bookings', { method: 'POST', json: booking() })).status).toBe(201);
    const twice = await rest(app, '/api/admin/blocked-ips/127.0.0.1', { method: 'DELETE', token: adminToken });
    expect(twice.status).toBe(404);
    expect(twice.body.code).toBe('ip_not_blocked');
    // tRPC block/unblock of another address (IPv6 in its canonical spelling).
    const adminTrpc = await loginSession(app, app.admin);
    const t = await adminTrpc.mutation('security.blockIp', { ip: '2001:DB8:0::1', reason: 'spray' });
    expect(t.body.blockedIp).toMatchObject({ ip: '2001:db8::1' });
    expect((await adminTrpc.mutation('security.unblockIp', { ip: '2001:db8::1' })).status).toBe(200);
  });
});

describe('IP blocks across API processes', () => {
  it('another API process (its own copy of the block list, loaded just before) refuses the address when the block command returns, admits it after unblock, and reads the list at most once per copy', async () => {
    // A second IpBlocksService on the same database is what another API process of the scaled topology holds.
    let queries = 0;
    const pool = app.platform.pool;
    const counting = { query: (...args: Parameters<typeof pool.query>) => (queries++, pool.query(...args)) } as unknown as typeof pool;
    const other = createIpBlocksService({ pool: counting, store: app.platform.store });
    const ip = '198.51.100.77';
    expect(await other.isBlocked(ip)).toBe(false);
    for (let i = 0; i < 50; i++) expect(await other.isBlocked(ip)).toBe(false);
    expect(queries).toBe(1);

    const block = await rest(app, '/api/admin/blocked-ips', { method: 'POST', token: adminToken, json: { ip, reason: 'other process' } });
    expect(block.status).toBe(201);
    // No wait: the command answered once every process's copy from before the block had expired.
    expect(await other.isBlocked(ip)).toBe(true);
    expect(await other.isBlocked('::ffff:198.51.100.77')).toBe(true);
    expect(await other.isBlocked('198.51.100.78')).toBe(false);

    expect(await other.isBlocked(ip)).toBe(true);
    const unblock = await rest(app, `/api/admin/blocked-ips/${ip}`, { method: 'DELETE', token: adminToken });
    expect(unblock.status).toBe(200);
    expect(await other.isBlocked(ip)).toBe(false);
  });
});

describe('per-IP limits (an app with small limits)', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({
      env: { LOGIN_FREE_ATTEMPTS: '100', LOGIN_IP_FREE_ATTEMPTS: '4', LOGIN_BASE_DELAY_MS: '1000', LOGIN_MAX_DELAY_SECONDS: '2', RATE_LIMIT_PUBLIC_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '4' },
    });
  });
  afterAll(async () => {
    await small?.stop();
  });

  it('throttles failed logins per address across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await restLogin(small, `spray-${i}-${randomUUID()}@example.com`, 'x')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Attempts from that address on a sixth account show as suspicious in login history.
    await sleep(1100);
    const token = await loginToken(small, small.admin);
    await vi.waitFor(async () => {
      const res = await rest(small, '/api/admin/login-history?search=spray', { token });
      expect(res.body.data.filter((r: { status: string }) => r.status === 'suspicious').length).toBeGreaterThan(0);
      expect(res.body.data.find((r: { failure_reason: string }) => r.failure_reason === 'throttled')).toBeDefined();
    });
  });

  it('rate limits public POSTs per address and endpoint group with 429 + Retry-After, then lets them through again', async () => {
    // Start at the beginning of a 4 s window, so the requests below share one window.
    const intoWindow = Date.now() % 4000;
    if (intoWindow > 1000) await sleep(4000 - intoWindow + 50);
    for (let i = 0; i < 3; i++) expect((await rest(small, '/api/bookings', { method: 'POST', json: booking() })).status).toBe(201);
    const limited = await rest(small, '/api/bookings', { method: 'POST', json: booking() });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(4);
    const tLimited = await trpcClient(small).mutation('bookings.request', booking());
    expect(tLimited.status).toBe(429);
    expect(tLimited.body.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', domainCode: 'rate_limited' });
    // Another group has its own budget.
    expect((await rest(small, '/api/admin/password-reset?action=request', { method: 'POST', json: { email: 'x@example.com' } })).status).not.toBe(429);
    await sleep(retry * 1000 + 100);
    expect((await rest(small, '/api/bookings', { method: 'POST', json: booking() })).status).toBe(201);
  });
});

describe('client addresses behind a reverse proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PUBLIC_MAX: '0' } });
  });
  afterAll(async () => {
    await proxied?.stop();
  });

  it('takes the client address from X-Forwarded-For only when the proxy is trusted', async () => {
    const tag = randomUUID().slice(0, 8);
    const attempt = (app: TestApp, forwardedFor: string) =>
      rest(app, '/api/admin/login', { method: 'POST', json: { email: `proxy-${tag}@example.com`, password: 'x' }, headers: { 'x-forwarded-for': forwardedFor } });
    expect((await attempt(proxied, '203.0.113.7')).status).toBe(401);
    // The main app trusts no proxy: the same header is ignored (a client cannot pick its own address).
    expect((await attempt(app, '198.51.100.9')).status).toBe(401);
    const seen = async (target: TestApp, token: string) => {
      const res = await rest(target, `/api/admin/login-history?search=proxy-${tag}`, { token });
      return res.body.data.map((r: { ip_address: string }) => r.ip_address);
    };
    const proxiedToken = await loginToken(proxied, proxied.admin);
    await vi.waitFor(async () => expect(await seen(proxied, proxiedToken)).toEqual(['203.0.113.7']));
    await vi.waitFor(async () => expect(await seen(app, adminToken)).toEqual(['127.0.0.1']));
  });

  it('refuses a malformed TRUST_PROXY at start-up', async () => {
    const { loadConfig } = await import('../../src/config/config.ts');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});
