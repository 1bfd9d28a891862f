/**
 * The status page's data: current states from a fresh check (cached a few seconds, one check in flight
 * at a time), and the 90-day history (uptime, daily bars, incidents) from the recorded samples.
 */
import type pg from 'pg';
import { STATUS_MAX_INCIDENTS, STATUS_SERVICES, STATUS_WINDOW_DAYS, type StatusOverview, type StatusServiceId } from '@crm/contracts';
import type { CheckResult } from './status-checks.ts';
import { dailyBars, deriveIncidents, overallState, windowDays, windowUptime, type DayCounts, type StateRun } from './status.policy.ts';

export interface StatusPageService {
  overview(): Promise<StatusOverview>;
}

export interface StatusServiceOptions {
  pool: pg.Pool;
  check: () => Promise<CheckResult[]>;
  intervalSeconds: number;
  now?: () => Date;
  /** How long a fresh check is reused (default 5 s). */
  currentTtlMs?: number;
  /** How long the history is reused (default 10 s). */
  historyTtlMs?: number;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/** Runs `load` at most once per `ttlMs`; a failed load is not kept. */
function cached<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let entry: Cached<T> | null = null;
  return () => {
    const t = Date.now();
    if (entry && t - entry.at < ttlMs) return entry.value;
    const value = load();
    const mine: Cached<T> = { at: t, value };
    entry = mine;
    value.catch(() => {
      if (entry === mine) entry = null;
    });
    return value;
  };
}

/** Samples per service, UTC day and state over the window (from the daily roll-up). */
export async function loadDayCounts(db: Pick<pg.Pool, 'query'>, since: Date): Promise<DayCounts[]> {
  const { rows } = await db.query<DayCounts>(
    `SELECT service, to_char(day, 'YYYY-MM-DD') AS date, operational, degraded, outage
       FROM status_daily WHERE day >= ($1::timestamptz AT TIME ZONE 'UTC')::date`,
    [since],
  );
  return rows;
}

/**
 * What incident derivation needs, without reading every sample: the window's non-operational samples,
 * plus each operational sample that directly follows one of them (where an incident ends).
 */
export async function loadStateRuns(db: Pick<pg.Pool, 'query'>, since: Date): Promise<StateRun[]> {
  const { rows } = await db.query<{ service: StatusServiceId; state: 'degraded' | 'outage'; at: Date; next_state: string | null; next_at: Date | null }>(
    `SELECT b.service, b.state, b.at, n.state AS next_state, n.at AS next_at
       FROM status_samples b
       LEFT JOIN LATERAL (SELECT state, at FROM status_samples n WHERE n.service = b.service AND n.at > b.at ORDER BY n.at LIMIT 1) n ON true
      WHERE b.state <> 'operational' AND b.at >= $1`,
    [since],
  );
  const runs: StateRun[] = [];
  for (const r of rows) {
    runs.push({ service: r.service, state: r.state, from: r.at, to: r.at });
    if (r.next_state === 'operational' && r.next_at) runs.push({ service: r.service, state: 'operational', from: r.next_at, to: r.next_at });
  }
  return runs;
}

export function createStatusService(options: StatusServiceOptions): StatusPageService {
  const now = options.now ?? (() => new Date());
  const current = cached(options.currentTtlMs ?? 5000, async () => ({ checkedAt: now(), results: await options.check() }));
  const history = cached(options.historyTtlMs ?? 10_000, async () => {
    const t = now();
    const days = windowDays(t, STATUS_WINDOW_DAYS);
    const since = new Date(`${days[0]!}T00:00:00.000Z`);
    const [counts, runs] = await Promise.all([loadDayCounts(options.pool, since), loadStateRuns(options.pool, since)]);
    return { days, counts, incidents: deriveIncidents(runs) };
  });

  return {
    async overview() {
      const [{ checkedAt, results }, { days, counts, incidents }] = await Promise.all([current(), history()]);
      const byService = new Map(results.map((r) => [r.service, r]));
      const services = STATUS_SERVICES.map((id) => {
        const r = byService.get(id);
        return {
          id,
          state: r?.state ?? ('unknown' as const),
          responseMs: r?.responseMs ?? null,
          uptime: windowUptime(counts, id, days),
          days: dailyBars(counts, id, days),
        };
      });
      return {
        checkedAt: checkedAt.toISOString(),
        overall: overallState(services.map((s) => s.state)),
        windowDays: STATUS_WINDOW_DAYS,
        intervalSeconds: options.intervalSeconds,
        services,
        incidents: incidents.slice(0, STATUS_MAX_INCIDENTS),
        incidentsTotal: incidents.length,
      };
    },
  };
}
