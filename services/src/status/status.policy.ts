/**
 * Pure rules of the status page: how a check's measurements become a service state, how samples become
 * incidents, and how daily counts become the 90-day bars and the uptime figure.
 */
import type { ServiceState, StatusDay, StatusIncident, StatusServiceId } from '@crm/contracts';

export type CheckedState = Exclude<ServiceState, 'unknown'>;

export const THRESHOLDS = {
  /** A check slower than this is degraded (api, event store). */
  slowResponseMs: 1000,
  /** A projection further behind the store's head than this (age of its oldest unapplied event) is degraded. */
  projectionLagMs: 10_000,
  /** A mail waiting longer than this is degraded … */
  queueWaitDegradedMs: 60_000,
  /** … and longer than this means mails are not flowing: outage. */
  queueWaitOutageMs: 10 * 60_000,
  /** A check that has not answered after this long counts as an outage. */
  checkTimeoutMs: 5000,
} as const;

const RANK: Record<ServiceState, number> = { unknown: 0, operational: 1, degraded: 2, outage: 3 };

/** The worse of the given states (`unknown` only when there is nothing else). */
export function worstState<S extends ServiceState>(...states: S[]): S | 'unknown' {
  let worst: S | 'unknown' = 'unknown';
  for (const s of states) if (RANK[s] > RANK[worst]) worst = s;
  return worst;
}

/** api and event store: answered quickly, answered slowly, or did not answer. */
export function latencyState(responseMs: number | null): CheckedState {
  if (responseMs === null) return 'outage';
  return responseMs < THRESHOLDS.slowResponseMs ? 'operational' : 'degraded';
}

export interface ProjectionHealth {
  name: string;
  /** A runner holds the projection's lock (it is running somewhere). */
  running: boolean;
  /** `projection_state.status` (live, rebuilding), null when the projection never started. */
  status: string | null;
  /** Age of the oldest event the projection has not applied yet; 0 when it is at the head. */
  lagMs: number;
}

/** The worst projection decides: not running (or never started) → outage; rebuilding or lagging → degraded. */
export function projectionsState(projections: readonly ProjectionHealth[]): CheckedState {
  let state: CheckedState = 'operational';
  for (const p of projections) {
    if (!p.running || p.status === null) return 'outage';
    if (p.status !== 'live' || p.lagMs >= THRESHOLDS.projectionLagMs) state = 'degraded';
  }
  return state;
}

/** The mail queue: how long its oldest waiting job has waited. */
export function queueState(oldestWaitingMs: number | null): CheckedState {
  if (oldestWaitingMs === null || oldestWaitingMs < THRESHOLDS.queueWaitDegradedMs) return 'operational';
  return oldestWaitingMs < THRESHOLDS.queueWaitOutageMs ? 'degraded' : 'outage';
}

/** The banner: the worst current state; `unknown` when no service could be checked. */
export function overallState(states: readonly ServiceState[]): ServiceState {
  const known = states.filter((s) => s !== 'unknown');
  return known.length === 0 ? 'unknown' : worstState(...known);
}

/**
 * A run of samples of one service with the same state, in time order (a single sample is a run with
 * `from === to`). The database compresses the samples into runs so a 90-day window stays small.
 */
export interface StateRun {
  service: StatusServiceId;
  state: CheckedState;
  /** Time of the run's first sample. */
  from: Date;
  /** Time of the run's last sample. */
  to: Date;
}

/**
 * Consecutive non-operational samples of a service form one incident: it starts at the first of them
 * and ends when the service is next seen operational (then `resolved`); without such a sample it is
 * `ongoing`. The worst state seen during it is kept. Result: newest first.
 */
export function deriveIncidents(runs: readonly StateRun[]): StatusIncident[] {
  const byService = new Map<StatusServiceId, StateRun[]>();
  for (const r of runs) {
    const list = byService.get(r.service) ?? [];
    list.push(r);
    byService.set(r.service, list);
  }
  const incidents: StatusIncident[] = [];
  for (const [service, list] of byService) {
    const sorted = [...list].sort((a, b) => a.from.getTime() - b.from.getTime());
    let open: { startedAt: Date; worst: 'degraded' | 'outage' } | null = null;
    for (const run of sorted) {
      if (run.state === 'operational') {
        if (open) {
          incidents.push({ service, state: 'resolved', worstState: open.worst, startedAt: open.startedAt.toISOString(), endedAt: run.from.toISOString() });
          open = null;
        }
        continue;
      }
      if (!open) open = { startedAt: run.from, worst: run.state };
      else if (run.state === 'outage') open.worst = 'outage';
    }
    if (open) incidents.push({ service, state: 'ongoing', worstState: open.worst, startedAt: open.startedAt.toISOString(), endedAt: null });
  }
  return incidents.sort((a, b) => b.startedAt.localeCompare(a.startedAt) || a.service.localeCompare(b.service));
}

/** Samples of one service on one UTC day, by state. */
export interface DayCounts {
  service: StatusServiceId;
  /** YYYY-MM-DD (UTC). */
  date: string;
  operational: number;
  degraded: number;
  outage: number;
}

const MS_PER_DAY = 86_400_000;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The `days` UTC days ending with today's, oldest first. */
export function windowDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(new Date(today - (days - 1 - i) * MS_PER_DAY)));
}

/** Available = operational or degraded (slow but answering); outage is down. */
const available = (c: Pick<DayCounts, 'operational' | 'degraded'>) => c.operational + c.degraded;
const total = (c: Pick<DayCounts, 'operational' | 'degraded' | 'outage'>) => c.operational + c.degraded + c.outage;

/** Percent with at most 2 decimals (rounded down, so 99.999 shows as 99.99, never as a false 100). */
const percent = (part: number, whole: number) => Math.floor((part / whole) * 10_000) / 100;

/** One bar per day of the window for one service: uptime that day, or no data. */
export function dailyBars(counts: readonly DayCounts[], service: StatusServiceId, days: readonly string[]): StatusDay[] {
  const byDate = new Map(counts.filter((c) => c.service === service).map((c) => [c.date, c]));
  return days.map((date) => {
    const c = byDate.get(date);
    const n = c ? total(c) : 0;
    if (!c || n === 0) return { date, uptime: null, state: 'unknown', samples: 0 };
    const state = c.outage > 0 ? 'outage' : c.degraded > 0 ? 'degraded' : 'operational';
    return { date, uptime: percent(available(c), n), state, samples: n };
  });
}

/** Uptime over the whole window, weighted by samples; null without any. */
export function windowUptime(counts: readonly DayCounts[], service: StatusServiceId, days: readonly string[]): number | null {
  const inWindow = new Set(days);
  let up = 0;
  let n = 0;
  for (const c of counts) {
    if (c.service !== service || !inWindow.has(c.date)) continue;
    up += available(c);
    n += total(c);
  }
  return n === 0 ? null : percent(up, n);
}
