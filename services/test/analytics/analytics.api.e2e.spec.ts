import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const sessionId = 'a1b2c3d4-0000-4000-8000-000000000001';
const event = (over: Record<string, unknown> = {}) => ({ name: 'page_view', props: { page: 'about' }, path: '/about', at: new Date().toISOString(), sessionId, ...over });

async function post(body: string, contentType = 'application/json') {
  const res = await fetch(`${app.baseUrl}/api/analytics/events`, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const analyticsRows = async () =>
  (await app.platform.pool.query<{ stream_id: string; type: string; schema_version: number; data: { events: unknown[]; receivedAt: string }; metadata: Record<string, unknown> }>(
    "SELECT stream_id, type, schema_version, data, metadata FROM es_events WHERE stream_id LIKE 'analytics-%' ORDER BY global_position",
  )).rows;

describe('POST /api/analytics/events', () => {
  it('stores a valid batch as one AnalyticsEventsRecorded event in the day stream, without IP or user agent', async () => {
    const before = (await analyticsRows()).length;
    const batch = { events: [event(), event({ name: 'start_trial', props: { source: 'navigation_desktop' }, path: '/' }), event({ name: 'contact_submit', props: { subject: 'sales', hasName: true, hasEmail: false, count: 3 } })] };
    const res = await post(JSON.stringify(batch));
    expect(res.status).toBe(204);
    const rows = await analyticsRows();
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1)!;
    expect(row.stream_id).toBe(`analytics-${new Date().toISOString().slice(0, 10)}`);
    expect(row.type).toBe('AnalyticsEventsRecorded');
    expect(row.schema_version).toBe(1);
    expect(row.data.events).toEqual(batch.events);
    expect(Date.parse(row.data.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(row.metadata.ip ?? null).toBeNull();
    expect(row.metadata.userAgent ?? null).toBeNull();
  });

  it('accepts a text/plain body, as navigator.sendBeacon sends it', async () => {
    const before = (await analyticsRows()).length;
    const res = await post(JSON.stringify({ events: [event({ name: 'nav_trial_mobile', props: {} })] }), 'text/plain;charset=UTF-8');
    expect(res.status).toBe(204);
    const rows = await analyticsRows();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)!.data.events).toMatchObject([{ name: 'nav_trial_mobile', props: {} }]);
  });

  it('fills missing props with an empty record', async () => {
    const { props: _props, ...withoutProps } = event();
    expect((await post(JSON.stringify({ events: [withoutProps] }))).status).toBe(204);
    expect((await analyticsRows()).at(-1)!.data.events).toMatchObject([{ name: 'page_view', props: {} }]);
  });

  const bad: [string, unknown, string][] = [
    ['no events', { events: [] }, 'events'],
    ['too many events', { events: Array.from({ length: 51 }, () => event()) }, 'events'],
    ['a name that is not snake_case', { events: [event({ name: 'Page View<script>' })] }, 'events.0.name'],
    ['nested props', { events: [event({ props: { page: { nested: true } } })] }, 'events.0.props'],
    ['null prop value', { events: [event({ props: { page: null } })] }, 'events.0.props'],
    ['too long prop value', { events: [event({ props: { page: 'x'.repeat(201) } })] }, 'events.0.props'],
    ['too many props', { events: [event({ props: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) })] }, 'events.0.props'],
    ['a path with a query string', { events: [event({ path: '/admin/reset-password?token=secret' })] }, 'events.0.path'],
    ['a bad timestamp', { events: [event({ at: 'yesterday' })] }, 'events.0.at'],
    ['a bad session id', { events: [event({ sessionId: 'x' })] }, 'events.0.sessionId'],
    ['an unknown field', { events: [event({ email: 'someone@example.com' })] }, 'events.0'],
  ];
  it.each(bad)('refuses %s with 400 naming the field and writes nothing', async (_label, body, field) => {
    const before = (await analyticsRows()).length;
    const res = await post(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(field);
    expect((await analyticsRows()).length).toBe(before);
  });

  it('refuses a text/plain body that is not JSON with 400', async () => {
    const before = (await analyticsRows()).length;
    const res = await post('events=1', 'text/plain');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('body');
    expect((await analyticsRows()).length).toBe(before);
  });

  it('refuses a cross-origin post', async () => {
    const res = await fetch(`${app.baseUrl}/api/analytics/events`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: 'https://evil.example' }, body: JSON.stringify({ events: [event()] }) });
    expect(res.status).toBe(403);
  });
});

describe('analytics rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ env: { RATE_LIMIT_PUBLIC_MAX: '1', RATE_LIMIT_WINDOW_SECONDS: '600' } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('allows 30x the public limit per address and window, then answers 429 with Retry-After', async () => {
    const send = () =>
      fetch(`${limited.baseUrl}/api/analytics/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: [event()] }) });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send()).status);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
    const refused = await send();
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
