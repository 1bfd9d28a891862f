import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { trpcClient } from '../../../test-support/http.ts';

let app: TestApp;
/** The services' clock: the real one unless a test sets it (and restores it). */
let clock: Date | null = null;
beforeAll(async () => {
  app = await startTestApp({ now: () => clock ?? new Date() });
});
afterAll(async () => {
  await app?.stop();
});

const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const BUSINESS_TZ = 'Europe/Paris';
const dateIn = (timeZone: string, instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
/** The first Monday … Friday at least `n` days from now, on the business zone's calendar (BUSINESS_DAYS defaults to 1-5). */
function businessDayIn(n: number): string {
  for (let i = n; ; i++) {
    const date = dateIn(BUSINESS_TZ, new Date(Date.now() + i * 86400_000));
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return date;
  }
}
const valid = () => ({
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Navy',
  phone: '+33 1 23 45 67 89',
  meetingType: 'demo',
  preferredDate: businessDayIn(10),
  preferredTime: '10:00',
  message: 'Looking forward',
});

async function api(path: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${app.baseUrl}${path}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const eventCount = async () => Number((await app.platform.pool.query('SELECT count(*) FROM es_events')).rows[0].count);

async function adminToken() {
  const res = await api('/api/admin/login', { method: 'POST', json: app.admin });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

describe('POST /api/bookings', () => {
  it('accepts a booking and answers with the spec shape', async () => {
    const res = await api('/api/bookings', { method: 'POST', json: valid() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: expect.any(String), booking: { id: expect.any(String), status: 'pending', name: 'Grace Hopper' } });
    const token = await adminToken();
    // The read model follows the event within milliseconds (eventual consistency).
    await vi.waitFor(async () => {
      const list = await api('/api/admin/bookings', { token });
      expect(list.body.success).toBe(true);
      expect(list.body.bookings.map((b: { id: string }) => b.id)).toContain(res.body.booking.id);
    });
  });

  it('defaults the time zone to the business zone and stores the absolute start', async () => {
    const res = await api('/api/bookings', { method: 'POST', json: { ...valid(), preferredDate: '2099-01-15', preferredTime: '09:00' } });
    expect(res.body.booking).toMatchObject({ timeZone: 'Europe/Paris', startsAt: '2099-01-15T08:00:00.000Z' });
    const tokyo = await api('/api/bookings', { method: 'POST', json: { ...valid(), preferredDate: '2099-01-15', preferredTime: '09:00', timeZone: 'Asia/Tokyo' } });
    expect(tokyo.body.booking).toMatchObject({ timeZone: 'Asia/Tokyo', startsAt: '2099-01-15T00:00:00.000Z' });
  });

  it("records the visitor's language for their mails (English unless sent)", async () => {
    const fr = await api('/api/bookings', { method: 'POST', json: { ...valid(), locale: 'fr' } });
    const none = await api('/api/bookings', { method: 'POST', json: valid() });
    const locale = async (id: string) =>
      (await app.platform.pool.query<{ l: string }>(`SELECT data->>'locale' AS l FROM es_events WHERE stream_id = $1`, [`booking-${id}`])).rows[0]!.l;
    expect(await locale(fr.body.booking.id)).toBe('fr');
    expect(await locale(none.body.booking.id)).toBe('en');
  });

  it('refuses a day that is not a business day with 400 naming preferredDate, and writes nothing', async () => {
    const before = await eventCount();
    // 2099-01-17 is a Saturday, 2099-01-18 a Sunday.
    for (const preferredDate of ['2099-01-17', '2099-01-18']) {
      const res = await api('/api/bookings', { method: 'POST', json: { ...valid(), preferredDate } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['preferredDate']);
      expect(res.body.errors.preferredDate[0]).toContain('business day (Monday to Friday)');
    }
    // The day is the business zone's: Monday 09:00 in Tokyo is Monday 01:00 in Paris (accepted), Monday 09:00
    // on Kiritimati (UTC+14) is still Sunday evening in Paris (refused).
    const tokyo = await api('/api/bookings', { method: 'POST', json: { ...valid(), preferredDate: '2099-01-19', preferredTime: '09:00', timeZone: 'Asia/Tokyo' } });
    expect(tokyo.status).toBe(201);
    const early = await api('/api/bookings', { method: 'POST', json: { ...valid(), preferredDate: '2099-01-19', preferredTime: '09:00', timeZone: 'Pacific/Kiritimati' } });
    expect(early.status).toBe(400);
    expect(Object.keys(early.body.errors)).toEqual(['preferredDate']);
    // tRPC answers the same 400 with the field.
    const trpc = await trpcClient(app).mutation('bookings.request', { ...valid(), preferredDate: '2099-01-17' });
    expect(trpc.status).toBe(400);
    expect(trpc.body.data.fieldErrors).toEqual({ preferredDate: [expect.stringContaining('business day')] });
    expect(await eventCount()).toBe(before + 1);
  });

  it('refuses a slot of today that has already started (business zone, server clock) with 400 naming preferredTime', async () => {
    // Wednesday 14 January 2099, 11:30 in Paris (10:30 UTC).
    clock = new Date('2099-01-14T10:30:00.000Z');
    try {
      const before = await eventCount();
      for (const preferredTime of ['09:00', '11:00']) {
        const res = await api('/api/bookings', { method: 'POST', json: { ...valid(), preferredDate: '2099-01-14', preferredTime } });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors)).toEqual(['preferredTime']);
        expect(res.body.message).toContain('preferredTime');
      }
      const yesterday = await api('/api/bookings', { method: 'POST', json: { ...valid(), preferredDate: '2099-01-13' } });
      expect(Object.keys(yesterday.body.errors)).toEqual(['preferredDate']);
      expect(await eventCount()).toBe(before);
      const later = await api('/api/bookings', { method: 'POST', json: { ...valid(), preferredDate: '2099-01-14', preferredTime: '12:00' } });
      expect(later.status).toBe(201);
      expect(later.body.booking).toMatchObject({ preferredDate: '2099-01-14', preferredTime: '12:00', timeZone: BUSINESS_TZ, startsAt: '2099-01-14T11:00:00.000Z' });
    } finally {
      clock = null;
    }
  });

  it('serves the business days, zone and slots to the booking dialog, and keeps the visitor zone for the mails', async () => {
    const res = await fetch(`${app.baseUrl}/trpc/bookings.availability`);
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { data: unknown } };
    expect(result.data).toMatchObject({ timeZone: BUSINESS_TZ, businessDays: [1, 2, 3, 4, 5], slots: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'] });
    const booked = await api('/api/bookings', {
      method: 'POST',
      json: { ...valid(), preferredDate: '2099-01-15', preferredTime: '09:00', timeZone: BUSINESS_TZ, visitorTimeZone: 'America/New_York' },
    });
    expect(booked.status).toBe(201);
    expect(booked.body.booking).toMatchObject({ timeZone: BUSINESS_TZ, startsAt: '2099-01-15T08:00:00.000Z' });
    const { rows } = await app.platform.pool.query(`SELECT data->>'visitorTimeZone' AS v FROM es_events WHERE stream_id = $1`, [`booking-${booked.body.booking.id}`]);
    expect(rows).toEqual([{ v: 'America/New_York' }]);
  });

  it.each([
    ['name', { name: '' }],
    ['email', { email: 'not-an-email' }],
    ['meetingType', { meetingType: 'lunch' }],
    ['preferredDate', { preferredDate: inDays(-1) }],
    ['preferredDate', { preferredDate: '2099-02-30' }],
    ['preferredTime', { preferredTime: '08:00' }],
    ['timeZone', { timeZone: 'Mars/Olympus' }],
    ['visitorTimeZone', { visitorTimeZone: 'Mars/Olympus' }],
    ['message', { message: 'x'.repeat(2001) }],
    ['phone', { phone: 'call me maybe' }],
    ['locale', { locale: 'de' }],
  ])('refuses a bad %s with 400 naming it, and writes nothing', async (field, patch) => {
    const before = await eventCount();
    const res = await api('/api/bookings', { method: 'POST', json: { ...valid(), ...patch } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toContain(field);
    expect(await eventCount()).toBe(before);
  });

  it('names every missing required field at once', async () => {
    const res = await api('/api/bookings', { method: 'POST', json: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'meetingType', 'name', 'preferredDate', 'preferredTime']);
  });

  it('answers 400, not 500, to a body that is not JSON or not an object', async () => {
    const broken = await api('/api/bookings', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    const array = await api('/api/bookings', { method: 'POST', json: [1, 2] });
    expect(array.status).toBe(400);
  });

  it('honours Idempotency-Key: the same key gives the same booking, once, even concurrently', async () => {
    const before = await eventCount();
    const key = `key-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api('/api/bookings', { method: 'POST', json: valid(), headers: { 'idempotency-key': key } })),
    );
    const ids = new Set(results.map((r) => r.body.booking.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(await eventCount()).toBe(before + 1);
    const reused = await api('/api/bookings', { method: 'POST', json: { ...valid(), name: 'Someone Else' }, headers: { 'idempotency-key': key } });
    expect(reused.status).toBe(422);
  });
});

describe('admin REST', () => {
  it('logs in with a bearer token and refuses bad credentials without telling which part was wrong', async () => {
    const wrongPassword = await api('/api/admin/login', { method: 'POST', json: { email: app.admin.email, password: 'nope-nope-nope' } });
    const unknownEmail = await api('/api/admin/login', { method: 'POST', json: { email: 'nobody@example.com', password: 'nope-nope-nope' } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    const missing = await api('/api/admin/login', { method: 'POST', json: { email: app.admin.email } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['password']);
    const ok = await api('/api/admin/login', { method: 'POST', json: app.admin });
    expect(ok.body).toMatchObject({ success: true, token: expect.stringMatching(/^[a-z0-9]{40}$/), message: expect.any(String) });
  });

  it('needs a valid bearer token', async () => {
    expect((await api('/api/admin/bookings')).status).toBe(401);
    expect((await api('/api/admin/bookings', { token: 'x'.repeat(40) })).status).toBe(401);
    expect((await api('/api/admin/bookings', { method: 'PUT', json: { id: crypto.randomUUID(), status: 'confirmed' } })).status).toBe(401);
  });

  it('confirms then completes, and refuses the transitions the decider forbids with 409', async () => {
    const token = await adminToken();
    const created = await api('/api/bookings', { method: 'POST', json: valid() });
    const id = created.body.booking.id;
    const early = await api('/api/admin/bookings', { method: 'PUT', token, json: { id, status: 'completed' } });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/confirmed/);
    const confirm = await api('/api/admin/bookings', { method: 'PUT', token, json: { id, status: 'confirmed' } });
    expect(confirm.body).toMatchObject({ success: true, booking: { id, status: 'confirmed' } });
    const complete = await api('/api/admin/bookings', { method: 'PUT', token, json: { id, status: 'completed' } });
    expect(complete.body.booking.status).toBe('completed');
    expect((await api('/api/admin/bookings', { method: 'PUT', token, json: { id, status: 'cancelled' } })).status).toBe(409);
    expect((await api('/api/admin/bookings', { method: 'PUT', token, json: { id, status: 'pending' } })).status).toBe(409);
    const list = await api(`/api/admin/bookings?status=completed&search=${id}`, { token });
    expect(list.body.bookings.map((b: { id: string }) => b.id)).toEqual([id]);
  });

  it('answers 404 for an unknown booking and 400 naming the field for a bad status or id', async () => {
    const token = await adminToken();
    const before = await eventCount();
    expect((await api('/api/admin/bookings', { method: 'PUT', token, json: { id: crypto.randomUUID(), status: 'confirmed' } })).status).toBe(404);
    const bad = await api('/api/admin/bookings', { method: 'PUT', token, json: { id: 'nope', status: 'done' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['id', 'status']);
    const badFilter = await api('/api/admin/bookings?status=weird', { token });
    expect(badFilter.status).toBe(400);
    const badPage = await api('/api/admin/bookings?page=0&pageSize=1000', { token });
    expect(badPage.status).toBe(400);
    expect(Object.keys(badPage.body.errors).sort()).toEqual(['page', 'pageSize']);
    const onePerPage = await api('/api/admin/bookings?pageSize=1&page=2', { token });
    expect(onePerPage.body).toMatchObject({ success: true, page: 2, pageSize: 1 });
    expect(onePerPage.body.bookings).toHaveLength(1);
    expect(onePerPage.body.counts.total).toBeGreaterThan(1);
    expect(await eventCount()).toBe(before);
  });
});

describe('tRPC and the web session', () => {
  const trpc = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('refuses a mutation without the CSRF header or from another origin', async () => {
    expect((await trpc('auth.login', app.admin)).status).toBe(403);
    expect((await trpc('auth.login', app.admin, { 'x-crm-csrf': '1', origin: 'https://evil.example' })).status).toBe(403);
  });

  it('sets an HttpOnly SameSite=Lax cookie at login and answers 401/400/409 as tRPC errors', async () => {
    const login = await trpc('auth.login', app.admin, { 'x-crm-csrf': '1', origin: app.baseUrl });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = cookie.split(';')[0]!;
    const me = await fetch(`${app.baseUrl}/trpc/auth.me`, { headers: { cookie: session } });
    expect(((await me.json()) as { result: { data: unknown } }).result.data).toMatchObject({ email: app.admin.email, userType: 'admin', permissions: expect.arrayContaining(['bookings:read']) });

    const anon = await fetch(`${app.baseUrl}/trpc/bookings.list?input=${encodeURIComponent('{}')}`);
    expect(anon.status).toBe(401);
    const bad = await trpc('bookings.request', { ...valid(), email: 'x' }, { 'x-crm-csrf': '1' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { data: { fieldErrors: unknown } } }).error.data.fieldErrors).toEqual({ email: [expect.any(String)] });
  });

  it('reports health once every role is ready and sends security headers', async () => {
    const res = await fetch(`${app.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect((await res.json()) as object).toMatchObject({ status: 'ok', roles: { api: true, projector: true, worker: true } });
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${app.baseUrl}/api/nope`)).status).toBe(404);
  });
});
