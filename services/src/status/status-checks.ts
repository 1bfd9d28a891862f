/**
 * Live health checks of the four services of the status page. Each check is timed and bounded by
 * THRESHOLDS.checkTimeoutMs; a check that fails or times out reports an outage.
 */
import type pg from 'pg';
import type { EventStore, StatusServiceId } from '@crm/contracts';
import { LOCK_NS, projections } from '@crm/projections';
import type { AppQueue } from '@crm/workers';
import { THRESHOLDS, latencyState, projectionsState, queueState, type CheckedState, type ProjectionHealth } from './status.policy.ts';

export interface CheckResult {
  service: StatusServiceId;
  state: CheckedState;
  /** Duration of the check in ms; null when it failed or timed out. */
  responseMs: number | null;
}

export interface StatusCheckDeps {
  pool: pg.Pool;
  store: EventStore;
  /** The mail queue (the api role's handle). */
  mailQueue: AppQueue;
  /** This process's HTTP address (null until it listens). */
  apiUrl: () => string | null;
  now?: () => Date;
}

class CheckTimeout extends Error {}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number } | null> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckTimeout()), THRESHOLDS.checkTimeoutMs);
      }),
    ]);
    return { value, ms: Math.round(performance.now() - started) };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The api: this process's own HTTP server answers `GET /healthz` (any answer means it serves requests). */
async function checkApi(deps: StatusCheckDeps): Promise<CheckResult> {
  const url = deps.apiUrl();
  if (!url) return { service: 'api', state: 'outage', responseMs: null };
  const r = await timed(async () => {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(THRESHOLDS.checkTimeoutMs) });
    await res.arrayBuffer();
    if (res.status !== 200 && res.status !== 503) throw new Error(`healthz answered ${res.status}`);
  });
  return { service: 'api', state: latencyState(r?.ms ?? null), responseMs: r?.ms ?? null };
}

/** The event store: a read of its head checkpoint. */
async function checkEventStore(deps: StatusCheckDeps): Promise<CheckResult> {
  const r = await timed(() => deps.store.headCheckpoint());
  return { service: 'eventStore', state: latencyState(r?.ms ?? null), responseMs: r?.ms ?? null };
}

/**
 * Every registered projection: is a runner holding its lock, is it live or rebuilding, and how old is
 * the oldest event it has not applied yet (its lag behind the store's head).
 */
export async function projectionHealth(deps: Pick<StatusCheckDeps, 'pool' | 'store'>, now: Date): Promise<ProjectionHealth[]> {
  const { rows } = await deps.pool.query<{ name: string; checkpoint: string | null; status: string | null; running: boolean }>(
    `SELECT p.name, s.checkpoint, s.status,
            EXISTS (SELECT 1 FROM pg_locks l
                    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                      AND l.classid = $1::int::oid AND l.objid = (hashtext(p.name)::bigint & 4294967295)::text::oid) AS running
       FROM unnest($2::text[]) AS p(name)
       LEFT JOIN projection_state s ON s.name = p.name`,
    [LOCK_NS.runner, projections.map((p) => p.name)],
  );
  const head = await deps.store.headCheckpoint();
  const result: ProjectionHealth[] = [];
  for (const row of rows) {
    let lagMs = 0;
    const behind = head !== null && (row.checkpoint === null || deps.store.compareCheckpoints(row.checkpoint, head) < 0);
    if (behind) {
      const { events } = await deps.store.readAll({ after: row.checkpoint, limit: 1 });
      const oldest = events[0];
      if (oldest) lagMs = Math.max(0, now.getTime() - oldest.timestamp.getTime());
    }
    result.push({ name: row.name, running: row.running, status: row.status, lagMs });
  }
  return result;
}

async function checkProjections(deps: StatusCheckDeps): Promise<CheckResult> {
  const r = await timed(() => projectionHealth(deps, (deps.now ?? (() => new Date()))()));
  if (!r) return { service: 'projections', state: 'outage', responseMs: null };
  return { service: 'projections', state: projectionsState(r.value), responseMs: r.ms };
}

/** The mail queue: the age of its oldest waiting job (mails not being sent show up here). */
async function checkQueue(deps: StatusCheckDeps): Promise<CheckResult> {
  const r = await timed(async () => {
    const [oldest] = await deps.mailQueue.getJobs(['waiting'], 0, 0, true);
    return oldest ? oldest.timestamp : null;
  });
  if (!r) return { service: 'queue', state: 'outage', responseMs: null };
  const oldestWaitingMs = r.value === null ? null : Math.max(0, (deps.now ?? (() => new Date()))().getTime() - r.value);
  return { service: 'queue', state: queueState(oldestWaitingMs), responseMs: r.ms };
}

/** Runs the four checks concurrently; never rejects. */
export function runStatusChecks(deps: StatusCheckDeps): Promise<CheckResult[]> {
  return Promise.all([checkApi(deps), checkEventStore(deps), checkProjections(deps), checkQueue(deps)]);
}
