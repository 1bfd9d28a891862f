/**
 * The status page's data: current states from a fresh check (cached a few seconds, one check in flight
 * at a time), and the 90-day history (uptime, daily bars, incidents) from the recorded samples.
 */
import type pg from 'pg';
import { STATUS_SERVICES, STATUS_WINDOW_DAYS, type StatusOverview, type StatusServiceId } from '@crm/contracts';
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

export async function loadDayCounts(db: Pick<pg.Pool, 'query'>, since: Date): Promise<DayCounts[]> {
  const { rows } = await db.query<{ service: StatusServiceId; date: string; operational: number; degraded: number; outage: number }>(
    `SELECT service, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
            count(*) FILTER (WHERE state = 'operational')::int AS operational,
            count(*) FILTER (WHERE state = 'degraded')::int AS degraded,
            count(*) FILTER (WHERE state = 'outage')::int AS outage
       FROM status_samples WHERE at >= $1
      GROUP BY 1, 2`,
    [since],
  );
  return rows;
}

/** The samples compressed into runs of the same state per service (gaps and islands), in time order. */
export async function loadStateRuns(db: Pick<pg.Pool, 'query'>, since: Date): Promise<StateRun[]> {
  const { rows } = await db.query<{ service: StatusServiceId; state: StateRun['state']; from: Date; to: Date }>(
    `SELECT service, state, min(at) AS "from", max(at) AS "to"
       FROM (SELECT service, state, at,
                    row_number() OVER (PARTITION BY service ORDER BY at)
                  - row_number() OVER (PARTITION BY service, state ORDER BY at) AS grp
               FROM status_samples WHERE at >= $1) s
      GROUP BY service, state, grp
      ORDER BY service, min(at)`,
    [since],
  );
  return rows;
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
        incidents,
      };
    },
  };
}
