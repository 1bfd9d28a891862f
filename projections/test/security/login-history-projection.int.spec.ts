/**
 * Login history and blocked IPs read models (spec 02, Login History viewer): rows built from login and
 * IP-block events, the viewer's query, and a replay: rebuilding from the events gives the same rows.
 * Both PostgreSQL setups.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoginHistoryInput, type NewEvent, ipBlockStreamId, loginHistoryInput, loginStreamId } from '@crm/contracts';
import {
  blockedIpsProjection,
  isIpBlocked,
  iterateLoginHistory,
  listBlockedIps,
  listLoginHistory,
  loginHistoryProjection,
  rebuildProjection,
  startProjection,
} from '@crm/projections';
import { PG_SETUPS } from '../../../test-support/db.ts';
import { type ProjectionTestEnv, allRows, openProjectionTestEnv, projectionState, waitForVisible } from '../support/projection-fixtures.ts';

const NOW = new Date('2030-06-15T12:00:00.000Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const filter = (f: Partial<LoginHistoryInput> = {}): LoginHistoryInput => loginHistoryInput.parse(f);
const meta = () => ({ correlationId: randomUUID() });
const ADMIN = randomUUID();

const client = (over: Partial<{ ip: string | null; device: 'desktop' | 'mobile' | 'tablet' | 'other'; browser: string }> = {}) => ({
  ip: '203.0.113.10',
  userAgent: 'UA',
  device: 'desktop' as const,
  browser: 'Chrome 131',
  os: 'Windows 10',
  ...over,
});

function succeeded(loginId: string, user: { id: string; name: string; email: string }, at: string, over: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type: 'LoginSucceeded',
    schemaVersion: 1,
    data: { loginId, userId: user.id, userName: user.name, email: user.email, at, ...client(), suspicious: false, suspiciousReasons: [], ...over },
    metadata: meta(),
  };
}

function failed(loginId: string, email: string, reason: string, at: string, over: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type: 'LoginFailed',
    schemaVersion: 1,
    data: { loginId, userId: null, userName: null, email, reason, at, ...client(), suspicious: false, suspiciousReasons: [], ...over },
    metadata: meta(),
  };
}

const ended = (loginId: string, userId: string, endedAt: string): NewEvent => ({
  id: randomUUID(),
  type: 'SessionEnded',
  schemaVersion: 1,
  data: { loginId, userId, reason: 'logout', endedAt },
  metadata: meta(),
});

describe.each(PG_SETUPS)('login history projection on %s PostgreSQL', (setup) => {
  let env: ProjectionTestEnv;
  const ada = { id: randomUUID(), name: 'Ada Lovelace', email: 'ada@example.com' };
  const bob = { id: randomUUID(), name: 'Bob Stone', email: 'bob@example.com' };
  const ids = { adaOk: randomUUID(), adaFail: randomUUID(), bobPhone: randomUUID(), ghost: randomUUID(), old: randomUUID(), tablet: randomUUID(), parisToday: randomUUID() };

  beforeAll(async () => {
    env = await openProjectionTestEnv(setup);
    const write = (stream: string, events: NewEvent[]) => env.store.append(stream, events, { expectedVersion: 'any' });
    await write(loginStreamId(ids.adaFail), [failed(ids.adaFail, 'ada@example.com', 'wrong_password', ago(2), { userId: ada.id, userName: ada.name })]);
    await write(loginStreamId(ids.adaOk), [succeeded(ids.adaOk, ada, ago(1))]);
    await write(loginStreamId(ids.bobPhone), [
      succeeded(ids.bobPhone, bob, ago(0.5), {
        ...client({ device: 'mobile', browser: 'Safari 17', ip: '::1' }),
        suspicious: true,
        suspiciousReasons: ['new_device', 'new_ip'],
      }),
    ]);
    await write(loginStreamId(ids.ghost), [failed(ids.ghost, 'Ghost@Example.com', 'unknown_account', ago(3), { ip: '198.51.100.7' })]);
    await write(loginStreamId(ids.old), [succeeded(ids.old, ada, ago(24 * 40))]);
    await write(loginStreamId(ids.tablet), [failed(ids.tablet, 'bob@example.com', 'throttled', ago(24 * 3), { ...client({ device: 'tablet', ip: null }) })]);
    // 23:30 UTC the day before: "today" in Paris (UTC+2), not in UTC.
    await write(loginStreamId(ids.parisToday), [succeeded(ids.parisToday, bob, '2030-06-14T23:30:00.000Z')]);
    // Session ends: Ada's after 90 s, in a later batch; the old one twice (only the first counts).
    await write(loginStreamId(ids.adaOk), [ended(ids.adaOk, ada.id, new Date(Date.parse(ago(1)) + 90_500).toISOString())]);
    await write(loginStreamId(ids.old), [ended(ids.old, ada.id, ago(24 * 40 - 2)), ended(ids.old, ada.id, ago(24 * 39))]);
    // IP blocks: block, unblock, block again; another one stays blocked; another is unblocked.
    const block = (ip: string, at: string): NewEvent => ({ id: randomUUID(), type: 'IpBlocked', schemaVersion: 1, data: { ip, reason: `r ${ip}`, loginId: ids.ghost, by: ADMIN, at }, metadata: meta() });
    const unblock = (ip: string, at: string): NewEvent => ({ id: randomUUID(), type: 'IpUnblocked', schemaVersion: 1, data: { ip, by: ADMIN, at }, metadata: meta() });
    await write(ipBlockStreamId('198.51.100.7'), [block('198.51.100.7', ago(3)), unblock('198.51.100.7', ago(2.5)), block('198.51.100.7', ago(2))]);
    await write(ipBlockStreamId('2001:db8::1'), [block('2001:db8::1', ago(1))]);
    const last = await write(ipBlockStreamId('203.0.113.99'), [block('203.0.113.99', ago(5)), unblock('203.0.113.99', ago(4))]);
    await waitForVisible(env.store, last.checkpoint);

    for (const def of [loginHistoryProjection, blockedIpsProjection]) {
      const runner = startProjection(def, { pool: env.pool, store: env.store, batchSize: 2 });
      await runner.caughtUp;
      await runner.stop();
    }
  });

  afterAll(async () => {
    await env?.close();
  });

  it('builds one row per attempt with the spec fields; the session end fills the duration', async () => {
    const all = await listLoginHistory(env.pool, filter({ dateRange: 'all' }), NOW);
    expect(all.total).toBe(7);
    const byId = new Map(all.records.map((r) => [r.id, r]));
    expect(byId.get(ids.adaOk)).toEqual({
      id: ids.adaOk,
      user_id: ada.id,
      user_name: 'Ada Lovelace',
      user_email: 'ada@example.com',
      timestamp: ago(1),
      ip_address: '203.0.113.10',
      location: 'Unknown',
      device: 'desktop',
      browser: 'Chrome 131',
      os: 'Windows 10',
      status: 'success',
      failure_reason: null,
      suspicious_reasons: [],
      session_id: ids.adaOk,
      session_duration: 90,
    });
    expect(byId.get(ids.adaFail)).toMatchObject({ status: 'failed', failure_reason: 'wrong_password', user_id: ada.id, session_duration: null });
    expect(byId.get(ids.bobPhone)).toMatchObject({ status: 'suspicious', device: 'mobile', location: 'Local network', suspicious_reasons: ['new_device', 'new_ip'] });
    expect(byId.get(ids.ghost)).toMatchObject({ status: 'failed', user_id: null, user_name: null, user_email: 'Ghost@Example.com' });
    expect(byId.get(ids.old)!.session_duration).toBe(7200);
    // Newest first.
    expect(all.records.map((r) => r.timestamp)).toEqual([...all.records.map((r) => r.timestamp)].sort().reverse());
    expect(all.summary).toEqual({ total: 7, successful: 3, failed: 3, suspicious: 1 });
  });

  it('filters by date range (calendar days in the given zone), status, device and search', async () => {
    const ids7 = (await listLoginHistory(env.pool, filter(), NOW)).records.map((r) => r.id);
    expect(ids7).not.toContain(ids.old);
    expect(ids7).toContain(ids.tablet);
    expect((await listLoginHistory(env.pool, filter({ dateRange: '30days' }), NOW)).total).toBe(6);
    expect((await listLoginHistory(env.pool, filter({ dateRange: '90days' }), NOW)).total).toBe(7);
    const todayUtc = await listLoginHistory(env.pool, filter({ dateRange: 'today' }), NOW);
    expect(todayUtc.records.map((r) => r.id)).not.toContain(ids.parisToday);
    const todayParis = await listLoginHistory(env.pool, filter({ dateRange: 'today' }), NOW, { timeZone: 'Europe/Paris' });
    expect(todayParis.records.map((r) => r.id)).toContain(ids.parisToday);

    const failedOnly = await listLoginHistory(env.pool, filter({ dateRange: 'all', status: 'failed' }), NOW);
    expect(failedOnly.records.every((r) => r.status === 'failed')).toBe(true);
    expect(failedOnly.total).toBe(3);
    // The tiles split the set by status whatever the status filter.
    expect(failedOnly.summary.total).toBe(7);
    expect((await listLoginHistory(env.pool, filter({ dateRange: 'all', device: 'tablet' }), NOW)).records.map((r) => r.id)).toEqual([ids.tablet]);
    const search = async (text: string) => (await listLoginHistory(env.pool, filter({ dateRange: 'all', search: text }), NOW)).records.map((r) => r.id).sort();
    expect(await search('LOVELACE')).toEqual([ids.adaFail, ids.adaOk, ids.old].sort());
    expect(await search('ghost@example')).toEqual([ids.ghost]);
    expect(await search('198.51.100')).toEqual([ids.ghost]);
    expect(await search('%')).toEqual([]);
  });

  it('pages with a total, and counts attempts per day for the chart', async () => {
    const page = await listLoginHistory(env.pool, filter({ dateRange: 'all', limit: 3, page: 3 }), NOW);
    expect(page.records).toHaveLength(1);
    expect(page.total).toBe(7);
    const days = (await listLoginHistory(env.pool, filter({ dateRange: '7days' }), NOW)).days;
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
    expect(days.find((d) => d.day === '2030-06-15')).toEqual({ day: '2030-06-15', success: 1, failed: 2, suspicious: 1 });
  });

  it('iterates every matching record in batches for the export', async () => {
    const seen: string[] = [];
    for await (const batch of iterateLoginHistory(env.pool, filter({ dateRange: 'all' }), NOW, { batchSize: 2 })) seen.push(...batch.map((r) => r.id));
    const listed = (await listLoginHistory(env.pool, filter({ dateRange: 'all' }), NOW)).records.map((r) => r.id);
    expect(seen).toEqual(listed);
  });

  it('lists the addresses blocked now', async () => {
    expect((await listBlockedIps(env.pool)).map((b) => b.ip).sort()).toEqual(['198.51.100.7', '2001:db8::1']);
    expect(await isIpBlocked(env.pool, '198.51.100.7')).toBe(true);
    expect(await isIpBlocked(env.pool, '203.0.113.99')).toBe(false);
  });

  it('a rebuild from the events gives identical rows (security staff can replay)', async () => {
    const before = { history: await allRows(env.pool, 'login_history'), blocked: await allRows(env.pool, 'blocked_ips', 'ip') };
    expect(before.history).toHaveLength(7);
    for (const def of [loginHistoryProjection, blockedIpsProjection]) {
      const generation = (await projectionState(env.pool, def.name))!.generation;
      const result = await rebuildProjection(def, { pool: env.pool, store: env.store, batchSize: 3 });
      expect(result.generation).toBe(generation + 1);
    }
    expect(await allRows(env.pool, 'login_history')).toEqual(before.history);
    expect(await allRows(env.pool, 'blocked_ips', 'ip')).toEqual(before.blocked);
  });
});
