/**
 * Projection lag (event committed → bookings read-model row written).
 *
 * - `db`: after the load, from the database: `bookings.projected_at - es_events.created_at` for each
 *   BookingRequested (created_at is clock_timestamp() at append, a few µs before the commit).
 * - `client` (fallback while the read model has no `projected_at`): a poller on one connection asks for the
 *   ids whose 201 has arrived and not yet been seen, every few ms; lag = start of the first query that
 *   sees the row − arrival of the 201. It is only as precise as the poll interval plus a query.
 */
import type pg from 'pg';
import { sleep } from './processes.ts';
import { percentile } from './stats.ts';

export interface LagStats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export async function hasProjectedAt(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'bookings' AND column_name = 'projected_at'`,
  );
  return rows.length > 0;
}

/** Lag percentiles of the given bookings, computed in PostgreSQL (percentile_cont). */
export async function dbLag(pool: pg.Pool, ids: readonly string[]): Promise<LagStats> {
  const { rows } = await pool.query<{ n: number; p50: number | null; p99: number | null; max: number | null }>(
    `SELECT count(*)::int AS n,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY lag_ms) AS p50,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY lag_ms) AS p99,
            max(lag_ms) AS max
       FROM (SELECT extract(epoch FROM (b.projected_at - e.created_at)) * 1000 AS lag_ms
               FROM bookings b
               JOIN es_events e ON e.stream_id = 'booking-' || b.id::text AND e.stream_version = 0
              WHERE b.id = ANY($1::uuid[]) AND e.type = 'BookingRequested') t`,
    [ids],
  );
  const r = rows[0]!;
  return { count: r.n, p50: Number(r.p50 ?? NaN), p99: Number(r.p99 ?? NaN), max: Number(r.max ?? NaN) };
}

/** Client-side fallback: see the module comment. */
export class ClientLagProbe {
  private readonly pending = new Map<string, { at: number; level: string }>();
  private readonly lags = new Map<string, number[]>();
  private running = false;
  private loop: Promise<void> | null = null;
  level = 'warmup';
  queries = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly intervalMs = 5,
  ) {}

  error: unknown = null;

  start() {
    this.running = true;
    this.loop = this.run().catch((err: unknown) => {
      // The pool ends on Ctrl-C / failure: stop polling, remember why.
      this.error = err;
      this.running = false;
    });
  }

  accepted(id: string) {
    this.pending.set(id, { at: performance.now(), level: this.level });
  }

  get pendingCount() {
    return this.pending.size;
  }

  /** Waits until every accepted id was seen (or the timeout passes); returns whether all were. */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.running && this.pending.size > 0 && Date.now() < deadline) await sleep(20);
    return this.pending.size === 0;
  }

  async stop() {
    this.running = false;
    await this.loop;
  }

  /** Lag of the bookings accepted while `level` was one of `levels` (all when omitted). */
  stats(levels?: readonly string[]): LagStats {
    const all = levels ? levels.flatMap((l) => this.lags.get(l) ?? []) : [...this.lags.values()].flat();
    const sorted = [...all].sort((a, b) => a - b);
    return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? NaN };
  }

  private async run() {
    while (this.running) {
      if (this.pending.size === 0) {
        await sleep(this.intervalMs);
        continue;
      }
      const ids = [...this.pending.keys()].slice(0, 5000);
      const sentAt = performance.now();
      const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM bookings WHERE id = ANY($1::uuid[])', [ids]);
      this.queries++;
      for (const { id } of rows) {
        const p = this.pending.get(id);
        if (!p) continue;
        this.pending.delete(id);
        const list = this.lags.get(p.level) ?? [];
        list.push(Math.max(0, sentAt - p.at));
        this.lags.set(p.level, list);
      }
      await sleep(this.intervalMs);
    }
  }
}

/** Waits until every id is in the bookings read model; returns how many are there at the end. */
export async function waitForRows(pool: pg.Pool, ids: readonly string[], timeoutMs: number): Promise<{ found: number; seconds: number }> {
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  let missing = [...ids];
  for (;;) {
    const seen = new Set<string>();
    for (let i = 0; i < missing.length; i += 20_000) {
      const { rows } = await pool.query<{ id: string }>('SELECT id FROM bookings WHERE id = ANY($1::uuid[])', [missing.slice(i, i + 20_000)]);
      for (const r of rows) seen.add(r.id);
    }
    missing = missing.filter((id) => !seen.has(id));
    if (missing.length === 0 || Date.now() > deadline) break;
    await sleep(100);
  }
  return { found: ids.length - missing.length, seconds: (performance.now() - started) / 1000 };
}

/**
 * The audit log's lag for the same bookings: `audit_log.projected_at - es_events.created_at` of each
 * BookingRequested event's audit entry (the audit projection runs beside the bookings one, on every event).
 * Waits (up to `timeoutMs`) until every entry is written; `count` says how many were.
 */
export async function auditDbLag(pool: pg.Pool, ids: readonly string[], timeoutMs: number): Promise<LagStats> {
  const streams = ids.map((id) => `booking-${id}`);
  const query = () =>
    pool.query<{ n: number; p50: number | null; p99: number | null; max: number | null }>(
      `SELECT count(*)::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY lag_ms) AS p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY lag_ms) AS p99,
              max(lag_ms) AS max
         FROM (SELECT extract(epoch FROM (a.projected_at - e.created_at)) * 1000 AS lag_ms
                 FROM es_events e
                 JOIN audit_log a ON a.id = e.event_id::text
                WHERE e.stream_id = ANY($1::text[]) AND e.stream_version = 0 AND e.type = 'BookingRequested') t`,
      [streams],
    );
  const deadline = Date.now() + timeoutMs;
  let r = (await query()).rows[0]!;
  while (r.n < ids.length && Date.now() < deadline) {
    await sleep(200);
    r = (await query()).rows[0]!;
  }
  return { count: r.n, p50: Number(r.p50 ?? NaN), p99: Number(r.p99 ?? NaN), max: Number(r.max ?? NaN) };
}
