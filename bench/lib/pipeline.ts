/**
 * The booking pipeline seen from the database: when EVERY projection that takes BookingRequested holds an
 * event, when its confirmation mail was sent, and how many transactions a booking costs.
 *
 * Method (the projection lag): a trigger the bench adds on `projection_state` logs, for every checkpoint
 * update, the projection, the new checkpoint (transaction id, global position) and clock_timestamp(). The
 * runner writes its checkpoint in the batch's own transaction, after the read-model rows, just before
 * COMMIT; an event's `created_at` is likewise taken inside its append, just before that COMMIT. So for an
 * event E and a projection P, "P holds E" at the first logged checkpoint of P at or past E's
 * (transaction id, position) (checkpoints only move forward), and E's lag for the pipeline is the latest
 * of those moments over every such projection (the slowest one) − E.created_at. The trigger adds one
 * small INSERT to each batch transaction (not one per event), and is dropped before the rebuild.
 */
import type pg from 'pg';
import { projections } from '@crm/projections';
import { sleep } from './processes.ts';
import { percentile } from './stats.ts';

/** The projections that apply BookingRequested (no eventTypes filter, or one that names it). */
export function bookingProjections(): string[] {
  return projections.filter((p) => !p.eventTypes || p.eventTypes.includes('BookingRequested')).map((p) => p.name);
}

export async function installCheckpointLog(pool: pg.Pool): Promise<void> {
  await pool.query(`
    CREATE TABLE IF NOT EXISTS bench_checkpoint_log (
      name text NOT NULL, tx xid8 NOT NULL, pos bigint NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp(),
      -- When the batch started: the runner's crm.batch_started_at (set in the batch's transaction), else the
      -- transaction's start (a runner that does not set it begins its transaction as the batch starts).
      began timestamptz NOT NULL DEFAULT coalesce(nullif(current_setting('crm.batch_started_at', true), '')::timestamptz, now()));
    CREATE INDEX IF NOT EXISTS bench_checkpoint_log_at ON bench_checkpoint_log (name, tx, pos);
    CREATE OR REPLACE FUNCTION bench_log_checkpoint() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.checkpoint IS NOT NULL AND NEW.checkpoint IS DISTINCT FROM OLD.checkpoint AND NEW.checkpoint ~ '^[0-9]+:[0-9]+$' THEN
        INSERT INTO bench_checkpoint_log (name, tx, pos)
        VALUES (NEW.name, split_part(NEW.checkpoint, ':', 1)::xid8, split_part(NEW.checkpoint, ':', 2)::bigint);
      END IF;
      RETURN NULL;
    END $$;
    DROP TRIGGER IF EXISTS bench_checkpoint_log ON projection_state;
    CREATE TRIGGER bench_checkpoint_log AFTER UPDATE ON projection_state FOR EACH ROW EXECUTE FUNCTION bench_log_checkpoint();`);
}

export async function dropCheckpointLog(pool: pg.Pool): Promise<void> {
  await pool.query(`DROP TRIGGER IF EXISTS bench_checkpoint_log ON projection_state; DROP FUNCTION IF EXISTS bench_log_checkpoint(); DROP TABLE IF EXISTS bench_checkpoint_log`);
}

export interface PipelineLag {
  /** Events measured, and how many every projection held. */
  count: number;
  held: number;
  p50: number;
  p99: number;
  max: number;
  /**
   * Per projection, its own lag (ms), slowest p99 first, split in two stages: `wait`, commit → the start of the
   * batch that applies the event (the NOTIFY, the spaced read from the tail, the pause between batches, the
   * batch before it); `batch`, that start → its checkpoint (the batch's reads and writes).
   */
  perProjection: { name: string; p50: number; p99: number; wait: { p50: number; p99: number }; batch: { p50: number; p99: number } }[];
}

/**
 * The lag of the given bookings' BookingRequested events to the moment the slowest of `names` held them
 * (see the module comment). Waits (up to `timeoutMs`) until every projection holds every event.
 */
export async function pipelineLag(pool: pg.Pool, bookingIds: readonly string[], names: readonly string[], timeoutMs: number): Promise<PipelineLag> {
  const streams = bookingIds.map((id) => `booking-${id}`);
  const sql = `
    WITH ev AS (
      SELECT e.event_id, e.transaction_id AS tx, e.global_position AS pos, e.created_at
        FROM es_events e WHERE e.stream_id = ANY($1::text[]) AND e.stream_version = 0 AND e.type = 'BookingRequested'
    ), per AS (
      SELECT ev.event_id, p.name, extract(epoch FROM (h.at - ev.created_at)) * 1000 AS lag_ms,
             extract(epoch FROM (h.began - ev.created_at)) * 1000 AS wait_ms, extract(epoch FROM (h.at - h.began)) * 1000 AS batch_ms
        FROM ev CROSS JOIN unnest($2::text[]) AS p(name)
        LEFT JOIN LATERAL (
          SELECT l.at, l.began FROM bench_checkpoint_log l
           WHERE l.name = p.name AND (l.tx, l.pos) >= (ev.tx, ev.pos::bigint)
           ORDER BY l.tx, l.pos LIMIT 1) h ON true
    )`;
  const held = async () => {
    const { rows } = await pool.query<{ n: number; held: number }>(
      `${sql} SELECT count(*)::int AS n, count(*) FILTER (WHERE missing = 0)::int AS held
         FROM (SELECT event_id, count(*) FILTER (WHERE lag_ms IS NULL) AS missing FROM per GROUP BY event_id) t`,
      [streams, names],
    );
    return rows[0]!;
  };
  const deadline = Date.now() + timeoutMs;
  let h = await held();
  while (h.held < h.n && Date.now() < deadline) {
    await sleep(200);
    h = await held();
  }
  const { rows } = await pool.query<{ p50: number | null; p99: number | null; max: number | null }>(
    `${sql} SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY slowest) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY slowest) AS p99, max(slowest) AS max
       FROM (SELECT event_id, max(lag_ms) AS slowest FROM per GROUP BY event_id HAVING count(*) FILTER (WHERE lag_ms IS NULL) = 0) t`,
    [streams, names],
  );
  type Stat = number | null;
  const { rows: perRows } = await pool.query<{ name: string; p50: Stat; p99: Stat; wait_p50: Stat; wait_p99: Stat; batch_p50: Stat; batch_p99: Stat }>(
    `${sql} SELECT name, percentile_cont(0.5) WITHIN GROUP (ORDER BY lag_ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY lag_ms) AS p99,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY wait_ms) AS wait_p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY wait_ms) AS wait_p99,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY batch_ms) AS batch_p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY batch_ms) AS batch_p99
       FROM per WHERE lag_ms IS NOT NULL GROUP BY name ORDER BY p99 DESC`,
    [streams, names],
  );
  const n = (v: Stat) => Number(v ?? NaN);
  const r = rows[0]!;
  return {
    count: h.n,
    held: h.held,
    p50: n(r.p50),
    p99: n(r.p99),
    max: n(r.max),
    perProjection: perRows.map((p) => ({
      name: p.name,
      p50: n(p.p50),
      p99: n(p.p99),
      wait: { p50: n(p.wait_p50), p99: n(p.wait_p99) },
      batch: { p50: n(p.batch_p50), p99: n(p.batch_p99) },
    })),
  };
}

export interface MailLag {
  count: number;
  sent: number;
  p50: number;
  p99: number;
}

/**
 * Commit → confirmation mail recorded as sent (`mail_sent.sent_at`, the send job's transaction start, so a
 * little early), for the given bookings. Waits (up to `timeoutMs`) until every mail is sent.
 */
export async function mailLag(pool: pg.Pool, bookingIds: readonly string[], timeoutMs: number): Promise<MailLag> {
  const streams = bookingIds.map((id) => `booking-${id}`);
  const query = () =>
    pool.query<{ n: number; sent: number; p50: number | null; p99: number | null }>(
      `SELECT count(*)::int AS n, count(m.sent_at)::int AS sent,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (m.sent_at - e.created_at)) * 1000) AS p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM (m.sent_at - e.created_at)) * 1000) AS p99
         FROM es_events e LEFT JOIN mail_sent m ON m.causation_event_id = e.event_id::text
        WHERE e.stream_id = ANY($1::text[]) AND e.stream_version = 0 AND e.type = 'BookingRequested'`,
      [streams],
    );
  const deadline = Date.now() + timeoutMs;
  let r = (await query()).rows[0]!;
  while (r.sent < r.n && Date.now() < deadline) {
    await sleep(200);
    r = (await query()).rows[0]!;
  }
  return { count: r.n, sent: r.sent, p50: Number(r.p50 ?? NaN), p99: Number(r.p99 ?? NaN) };
}

export interface XactCounters {
  /** Σ pg_stat_database.xact_commit over every database (flushed by backends about once a second, idle ones within 10 s). */
  commits: number;
  /** Next transaction id: its delta is the number of WRITE transactions (cluster-wide, exact, immediate). */
  nextXid: number;
}

export async function xactCounters(pool: pg.Pool): Promise<XactCounters> {
  const { rows } = await pool.query<{ commits: string; xid: string }>(
    `SELECT (SELECT sum(xact_commit) FROM pg_stat_database)::text AS commits, pg_snapshot_xmax(pg_current_snapshot())::text AS xid`,
  );
  return { commits: Number(rows[0]!.commits), nextXid: Number(rows[0]!.xid) };
}

export interface RequestStages {
  count: number;
  /** The request's intended send time → its event inserted (`es_events.created_at`, just before the append's COMMIT). */
  toAppend: { p50: number; p99: number };
  /** The event inserted → the answer's end at the load generator (the COMMIT's WAL flush, the reply, the way back). */
  toAnswer: { p50: number; p99: number };
}

/**
 * Where the requests' time went, split at their event's insertion: `at` maps a booking id to when its request was
 * meant to leave and when its answer ended (epoch ms, this machine's clock, as PostgreSQL's).
 */
export async function requestStages(pool: pg.Pool, at: ReadonlyMap<string, { intended: number; answered: number }>): Promise<RequestStages> {
  const ids = [...at.keys()];
  const { rows } = await pool.query<{ id: string; inserted: string }>(
    `SELECT substr(stream_id, 9) AS id, extract(epoch FROM created_at) * 1000 AS inserted
       FROM es_events WHERE stream_id = ANY($1::text[]) AND stream_version = 0 AND type = 'BookingRequested'`,
    [ids.map((id) => `booking-${id}`)],
  );
  const toAppend: number[] = [];
  const toAnswer: number[] = [];
  for (const row of rows) {
    const t = at.get(row.id);
    if (!t) continue;
    toAppend.push(Number(row.inserted) - t.intended);
    toAnswer.push(t.answered - Number(row.inserted));
  }
  toAppend.sort((a, b) => a - b);
  toAnswer.sort((a, b) => a - b);
  return {
    count: toAppend.length,
    toAppend: { p50: percentile(toAppend, 0.5), p99: percentile(toAppend, 0.99) },
    toAnswer: { p50: percentile(toAnswer, 0.5), p99: percentile(toAnswer, 0.99) },
  };
}
