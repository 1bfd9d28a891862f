/**
 * Rebuild speed: N BookingRequested events written straight into the event store tables with set-based
 * SQL, then the real rebuild CLI (`node services/dist/rebuild.js bookings`) against that database.
 */
import path from 'node:path';
import pg from 'pg';
import { MEETING_TYPES, TIME_SLOTS, bookingRequestedV1 } from '@crm/contracts';
import { onCleanup, spawnTracked, stopChild, tailBuffer } from './processes.ts';
import { createProgress } from './progress.ts';

export interface GenerateResult {
  events: number;
  seconds: number;
  /** Includes VACUUM ANALYZE + CHECKPOINT after the inserts. */
  totalSeconds: number;
  validatedSample: number;
}

export const GENERATE_CHUNK = 100_000;

/**
 * Appends `count` one-event booking streams, `GENERATE_CHUNK` per transaction (each chunk gets its own transaction
 * id, as real appends would). The data is valid for `bookingRequestedV1`: a sample is checked with zod.
 */
export async function generateBookingEvents(databaseUrl: string, count: number): Promise<GenerateResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  const progress = createProgress('generate events', count, 'events');
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM es_events WHERE metadata->>'correlationId' LIKE 'bench-rebuild-%'`,
    );
    if (Number(rows[0]!.n) > 0) throw new Error('generated events already exist in this database');
    for (let from = 1; from <= count; from += GENERATE_CHUNK) {
      const to = Math.min(count, from + GENERATE_CHUNK - 1);
      await client.query(
        `WITH g AS MATERIALIZED (
           SELECT i, gen_random_uuid() AS id, current_date + 30 + (i % 365)::int AS day, ($4::text[])[1 + i % cardinality($4::text[])] AS slot
             FROM generate_series($1::bigint, $2::bigint) AS i
         ), streams AS (
           INSERT INTO es_streams (stream_id, version) SELECT 'booking-' || id, 0 FROM g
         )
         INSERT INTO es_events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
         SELECT gen_random_uuid(), 'booking-' || g.id, 0, 'BookingRequested', 1,
                jsonb_build_object(
                  'bookingId', g.id::text,
                  'name', 'Rebuild Bench ' || g.i,
                  'email', 'rebuild-' || g.i || '@example.com',
                  'company', CASE WHEN g.i % 3 = 0 THEN 'Bench Company ' || (g.i % 97) END,
                  'phone', CASE WHEN g.i % 4 = 0 THEN '+33 1 23 45 67 89' END,
                  'meetingType', ($3::text[])[1 + g.i % cardinality($3::text[])],
                  'preferredDate', to_char(g.day, 'YYYY-MM-DD'),
                  'preferredTime', g.slot,
                  'timeZone', 'Europe/Paris',
                  'startsAt', to_char(((g.day + g.slot::time) AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'durationMinutes', 30,
                  'message', CASE WHEN g.i % 5 = 0 THEN 'Generated booking request ' || g.i END,
                  'requestedAt', to_char((now() AT TIME ZONE 'UTC') - interval '1 day' + g.i * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                ),
                jsonb_build_object('correlationId', 'bench-rebuild-' || g.i, 'userId', NULL, 'causationId', NULL)
           FROM g`,
        [from, to, MEETING_TYPES, TIME_SLOTS],
      );
      const s = (performance.now() - started) / 1000;
      progress.update(to, `${Math.round(to / s).toLocaleString('en-US')} events/s`);
    }
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    // What the database would look like after autovacuum: visibility map and statistics in place.
    await client.query('VACUUM (ANALYZE) es_events, es_streams');
    await client.query('CHECKPOINT');
    const sample = await client.query<{ data: unknown }>(
      `SELECT data FROM es_events WHERE metadata->>'correlationId' LIKE 'bench-rebuild-%' ORDER BY global_position DESC LIMIT 2000`,
    );
    for (const { data } of sample.rows) {
      const parsed = bookingRequestedV1.safeParse(data);
      if (!parsed.success) throw new Error(`generated event data does not match bookingRequestedV1: ${parsed.error.message}\n${JSON.stringify(data)}`);
    }
    return { events: count, seconds, totalSeconds: (performance.now() - started) / 1000, validatedSample: sample.rows.length };
  } finally {
    progress.stop();
    await client.end().catch(() => {});
  }
}

export interface RebuildRun {
  /** What the CLI reports. */
  events: number;
  seconds: number;
  eventsPerSec: number;
  /** Wall clock of the whole CLI process (start-up, counting, replay, swap, exit). */
  wallSeconds: number;
  outputLine: string;
}

export async function runRebuildCli(options: {
  root: string;
  databaseUrl: string;
  dataDir: string;
  expectedEvents: number;
  /** The projection to rebuild (default bookings). */
  projection?: string;
}): Promise<RebuildRun> {
  const projection = options.projection ?? 'bookings';
  const name = projection.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const log = tailBuffer(60);
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir, LOG_LEVEL: 'warn' };
  delete env.EVENTSTORE_URL;
  const child = spawnTracked(process.execPath, [path.join(options.root, 'services/dist/rebuild.js'), projection], {
    cwd: options.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const unregister = onCleanup('rebuild cli', async () => {
    await stopChild(child, 'SIGTERM', 10_000, false);
  });
  const progress = createProgress(`rebuild ${projection} (CLI)`, options.expectedEvents, 'events');
  let stdout = '';
  let partial = '';
  child.stdout?.on('data', (c: Buffer) => {
    stdout += c.toString();
    log.push(c);
  });
  child.stderr?.on('data', (c: Buffer) => {
    log.push(c);
    const lines = (partial + c.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      // Non-TTY progress lines of projections/src/rebuild-cli.ts: "bookings: 12000/1000000 events (1%) 53211 events/s"
      const m = new RegExp(`^${name}: (\\d+)/(\\d+) events \\(\\d+%\\) ([\\d,.]+) events/s`).exec(line);
      if (m) progress.update(Number(m[1]), `${Number(m[3]!.replace(/,/g, '')).toLocaleString('en-US')} events/s`);
    }
  });
  const code = await new Promise<number | string | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c, s) => resolve(c ?? s));
  }).finally(() => {
    progress.stop();
    unregister();
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const m = new RegExp(`${name}: rebuilt (\\d+) events in ([\\d.]+) s \\(([\\d,.]+) events/s\\)`).exec(stdout);
  if (code !== 0 || !m) throw new Error(`rebuild CLI failed (exit ${code})\n--- output ---\n${log.text()}`);
  return {
    events: Number(m[1]),
    seconds: Number(m[2]),
    eventsPerSec: Number(m[3]!.replace(/,/g, '')),
    wallSeconds,
    outputLine: m[0],
  };
}
