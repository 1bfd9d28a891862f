/**
 * The status page's data from a real platform: the recorder samples the four services (1 s interval
 * here), GET /api/status reports live states, and the 90-day bars, uptime and incidents come from the
 * recorded samples (historical ones inserted directly into the table).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '@crm/contracts';
import { createQueueFactory } from '@crm/workers';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { waitFor } from '../workers/support/helpers.ts';

const DAY = 86_400_000;
const today = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
const daysAgo = (n: number, hh: number, mm: number) => new Date(today().getTime() - n * DAY + hh * 3_600_000 + mm * 60_000);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

interface Overview {
  success: boolean;
  checkedAt: string;
  overall: string;
  windowDays: number;
  intervalSeconds: number;
  services: { id: string; state: string; responseMs: number | null; uptime: number | null; days: { date: string; uptime: number | null; state: string; samples: number }[] }[];
  incidents: { service: string; state: string; worstState: string; startedAt: string; endedAt: string | null }[];
  incidentsTotal: number;
}

async function getStatus(app: TestApp): Promise<{ status: number; body: Overview; headers: Headers }> {
  const res = await fetch(`${app.baseUrl}/api/status`);
  return { status: res.status, body: (await res.json()) as Overview, headers: res.headers };
}

async function insert(app: TestApp, service: string, at: Date, state: string, responseMs: number | null = 5) {
  await app.platform.pool.query('INSERT INTO status_samples (service, at, state, response_ms) VALUES ($1, $2, $3, $4)', [service, at, state, responseMs]);
}

describe('status: full platform', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { STATUS_CHECK_INTERVAL_SECONDS: '1' } });
    // History: a queue outage ten days ago (resolved), a degraded api five days ago (resolved).
    const queueDay = ['operational', 'outage', 'degraded', 'outage', 'operational', 'operational'];
    for (const [i, state] of queueDay.entries()) await insert(app, 'queue', daysAgo(10, 10, i), state);
    for (const [i, state] of ['degraded', 'degraded', 'operational'].entries()) await insert(app, 'api', daysAgo(5, 12, i), state, 1500);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('the recorder samples the four services periodically, one process at a time', async () => {
    const rounds = await waitFor(
      async () => {
        const { rows } = await app.platform.pool.query<{ at: Date; services: string[]; states: string[] }>(
          `SELECT at, array_agg(service ORDER BY service) AS services, array_agg(state) AS states FROM status_samples
            WHERE at > now() - interval '1 hour' GROUP BY at ORDER BY at`,
        );
        return rows.length >= 3 ? rows : null;
      },
      { timeoutMs: 20_000, what: 'three recorded rounds' },
    );
    for (const r of rounds) expect(r.services).toEqual(['api', 'eventStore', 'projections', 'queue']);
    // About one second apart (the configured interval), not a burst.
    const gaps = rounds.slice(1).map((r, i) => r.at.getTime() - rounds[i]!.at.getTime());
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(900);
    const { rows } = await app.platform.pool.query<{ response_ms: number | null }>(
      `SELECT response_ms FROM status_samples WHERE at > now() - interval '1 hour' AND service IN ('api', 'eventStore')`,
    );
    expect(rows.every((r) => typeof r.response_ms === 'number' && r.response_ms >= 0)).toBe(true);
  });

  it('GET /api/status: four services with live states, 90 daily bars, uptime and incidents from the records', async () => {
    // Wait for the projections to be live (the platform just started).
    const { body, status, headers } = await waitFor(
      async () => {
        const r = await getStatus(app);
        return r.body.overall === 'operational' ? r : null;
      },
      { timeoutMs: 20_000, what: 'all systems operational' },
    );
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.success).toBe(true);
    expect(body.windowDays).toBe(90);
    expect(body.intervalSeconds).toBe(1);
    expect(Date.now() - Date.parse(body.checkedAt)).toBeLessThan(30_000);
    expect(body.services.map((s) => s.id)).toEqual(['api', 'eventStore', 'projections', 'queue']);
    for (const s of body.services) {
      expect(s.state).toBe('operational');
      expect(s.responseMs).toEqual(expect.any(Number));
      expect(s.days).toHaveLength(90);
      expect(s.days[89]!.date).toBe(dateOf(today()));
      expect(s.days[89]!.samples).toBeGreaterThan(0);
      expect(s.days[0]!.date).toBe(dateOf(new Date(today().getTime() - 89 * DAY)));
      expect(s.uptime).not.toBeNull();
    }
    const queue = body.services.find((s) => s.id === 'queue')!;
    const queueDay = queue.days.find((d) => d.date === dateOf(daysAgo(10, 0, 0)))!;
    expect(queueDay).toEqual({ date: dateOf(daysAgo(10, 0, 0)), uptime: 66.66, state: 'outage', samples: 6 });
    expect(queue.uptime!).toBeLessThan(100);
    const api = body.services.find((s) => s.id === 'api')!;
    expect(api.days.find((d) => d.date === dateOf(daysAgo(5, 0, 0)))).toEqual({ date: dateOf(daysAgo(5, 0, 0)), uptime: 100, state: 'degraded', samples: 3 });
    // A day without samples says so.
    expect(api.days.find((d) => d.date === dateOf(daysAgo(20, 0, 0)))).toEqual({ date: dateOf(daysAgo(20, 0, 0)), uptime: null, state: 'unknown', samples: 0 });
    const eventStore = body.services.find((s) => s.id === 'eventStore')!;
    expect(eventStore.uptime).toBe(100);

    expect(body.incidents).toEqual(
      expect.arrayContaining([
        { service: 'api', state: 'resolved', worstState: 'degraded', startedAt: daysAgo(5, 12, 0).toISOString(), endedAt: daysAgo(5, 12, 2).toISOString() },
        { service: 'queue', state: 'resolved', worstState: 'outage', startedAt: daysAgo(10, 10, 1).toISOString(), endedAt: daysAgo(10, 10, 4).toISOString() },
      ]),
    );
    expect(body.incidentsTotal).toBe(body.incidents.length);
    // Newest first.
    const starts = body.incidents.map((i) => i.startedAt);
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it('the same overview through tRPC status.overview (public)', async () => {
    const res = await fetch(`${app.baseUrl}/trpc/status.overview`);
    expect(res.status).toBe(200);
    const json = (await res.json()) as { result: { data: Overview } };
    expect(json.result.data.services).toHaveLength(4);
    expect(json.result.data.services[0]!.days).toHaveLength(90);
  });

  it('a projection being rebuilt shows the projections degraded, recorded as an incident that resolves when it is live again', async () => {
    const { rows } = await app.platform.pool.query<{ name: string }>(`SELECT name FROM projection_state ORDER BY name LIMIT 1`);
    const name = rows[0]!.name;
    const before = new Date();
    await app.platform.pool.query(`UPDATE projection_state SET status = 'rebuilding' WHERE name = $1`, [name]);
    try {
      const degraded = await waitFor(
        async () => {
          const r = await getStatus(app);
          return r.body.services.find((s) => s.id === 'projections')?.state === 'degraded' ? r.body : null;
        },
        { timeoutMs: 20_000, intervalMs: 250, what: 'projections degraded' },
      );
      expect(degraded.overall).toBe('degraded');
      await waitFor(
        async () =>
          (await app.platform.pool.query(`SELECT 1 FROM status_samples WHERE service = 'projections' AND state = 'degraded' AND at >= $1`, [before])).rowCount,
        { timeoutMs: 10_000, what: 'a degraded sample recorded' },
      );
    } finally {
      await app.platform.pool.query(`UPDATE projection_state SET status = 'live' WHERE name = $1`, [name]);
    }
    const resolved = await waitFor(
      async () => {
        const r = await getStatus(app);
        const incident = r.body.incidents.find((i) => i.service === 'projections' && Date.parse(i.startedAt) >= before.getTime() - 1000);
        return incident?.state === 'resolved' && r.body.services.find((s) => s.id === 'projections')?.state === 'operational' ? incident : null;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'the projections incident resolved' },
    );
    expect(resolved.worstState).toBe('degraded');
    expect(Date.parse(resolved.endedAt!)).toBeGreaterThan(Date.parse(resolved.startedAt));
  });
});

describe('status: an api without projector and worker', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ROLE: 'api', STATUS_CHECK_INTERVAL_SECONDS: '1' } });
    // A flapping event store thirty days ago: 60 short incidents.
    for (let i = 0; i < 60; i++) {
      await insert(app, 'eventStore', daysAgo(30, 8, 2 * i), 'degraded');
      await insert(app, 'eventStore', daysAgo(30, 8, 2 * i + 1), 'operational');
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('projections that no process runs are an outage; a mail waiting for 20 minutes is a queue outage', async () => {
    const queues = createQueueFactory({ redisUrl: null, databaseUrl: app.platform.databaseUrl, poolSize: 2 });
    try {
      await queues.queue(MAIL_QUEUE).add('send-email', { to: 'nobody@example.com' }, { timestamp: Date.now() - 20 * 60_000 });
      const body = await waitFor(
        async () => {
          const r = await getStatus(app);
          return r.body.services.find((s) => s.id === 'queue')?.state === 'outage' ? r.body : null;
        },
        { timeoutMs: 20_000, intervalMs: 500, what: 'queue outage' },
      );
      expect(body.overall).toBe('outage');
      const state = Object.fromEntries(body.services.map((s) => [s.id, s.state]));
      expect(state).toEqual({ api: 'operational', eventStore: 'operational', projections: 'outage', queue: 'outage' });
      // The recorder saw it too: an ongoing incident.
      const ongoing = await waitFor(
        async () => {
          const r = await getStatus(app);
          return r.body.incidents.some((i) => i.service === 'projections' && i.state === 'ongoing' && i.worstState === 'outage') ? r.body : null;
        },
        { timeoutMs: 30_000, intervalMs: 500, what: 'an ongoing projections incident' },
      );
      expect(ongoing.incidents.find((i) => i.service === 'projections')!.endedAt).toBeNull();
      // The list is capped at the 50 newest; the total says how many there were.
      expect(ongoing.incidents).toHaveLength(50);
      expect(ongoing.incidentsTotal).toBeGreaterThanOrEqual(61);
      expect(ongoing.incidents.filter((i) => i.service === 'eventStore').length).toBeGreaterThanOrEqual(48);
    } finally {
      await queues.close();
    }
  });
});
