/**
 * Catch-up micro-benchmark of the PostgreSQL event store's subscriptions (not a test): N events of
 * BookingRequested size are written to a fresh database, then S subscriptions of one store read them from the
 * start, as the projector's 19 projections do after a restart or an import: most ignore the events (return at
 * once), one waits `bookingsMs` per event, one `auditMs` per event (their batch transactions, as a delay, not
 * CPU). Subscription s starts after event s × STAGGER (default 101): stored checkpoints differ (a projection
 * that ignores events writes its checkpoint at most once a second), so positions are not shared by chance. Reports wall time until every subscription reached the last event, this process's CPU, the CPU of the
 * PostgreSQL backends of that database (from /proc: the machine's PostgreSQL must be local), the number of
 * event reads (queries calling es_read_horizon) and the RSS.
 *
 *   node --import tsx services/test/eventstore/tail-catchup.ts [events=200000] [subscriptions=19] [store module]
 *
 * The store module (default ../../src/eventstore/postgres-event-store.ts) lets another version be measured
 * back to back. DATABASE_URL: an admin URL (default the machine's PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { RecordedEvent } from '@crm/contracts';
import type * as StoreModule from '../../src/eventstore/postgres-event-store.ts';

const events = Number(process.argv[2] ?? 200_000);
const subscriptions = Number(process.argv[3] ?? 19);
const modulePath = process.argv[4] ?? '../../src/eventstore/postgres-event-store.ts';
const bookingsMs = Number(process.env.BOOKINGS_MS_PER_EVENT ?? 0.03);
const auditMs = Number(process.env.AUDIT_MS_PER_EVENT ?? 0.08);
const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const stagger = Number(process.env.STAGGER ?? 101);
const dbName = process.env.CATCHUP_DB ?? `crm_catchup_bench_${Date.now().toString(36)}`;
const { PostgresEventStore } = (await import(modulePath)) as typeof StoreModule;

const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
const exists = (await adminClient.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount === 1;
if (!exists) await adminClient.query(`CREATE DATABASE "${dbName}"`);
const url = new URL(admin);
url.pathname = `/${dbName}`;

/** utime + stime of a process, in seconds. */
const cpuOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};

const setup = new pg.Client({ connectionString: url.toString() });
await setup.connect();
try {
  await PostgresEventStore.migrate(new pg.Pool({ connectionString: url.toString(), max: 1 }));
  const have = Number((await setup.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);
  // 10,000 events per transaction: each chunk its own transaction id, as appends would have.
  for (let from = have; from < events; from += 10_000) {
    const to = Math.min(events, from + 10_000);
    await setup.query(
      `INSERT INTO es_events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
       SELECT gen_random_uuid(), 'booking-' || i, 0, 'BookingRequested', 1,
              jsonb_build_object('bookingId', gen_random_uuid()::text, 'name', 'Catch-up Bench ' || i, 'email', 'catchup-' || i || '@example.com',
                'company', 'Bench Company ' || (i % 97), 'meetingType', 'demo', 'preferredDate', '2026-12-01', 'preferredTime', '10:00',
                'timeZone', 'Europe/Paris', 'startsAt', '2026-12-01T09:00:00.000Z', 'durationMinutes', 30,
                'message', 'Generated booking request ' || i, 'requestedAt', '2026-11-26T12:00:00.000Z'),
              jsonb_build_object('correlationId', 'catchup-' || i, 'userId', NULL, 'causationId', NULL)
       FROM generate_series($1::int + 1, $2::int) AS i`,
      [from, to],
    );
  }
  if (have < events) await setup.query('VACUUM (ANALYZE) es_events');
  const total = Number((await setup.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);

  const startAt = async (s: number) => {
    if (s * stagger === 0) return null;
    const { rows } = await setup.query<{ c: string }>(
      `SELECT transaction_id::text || ':' || global_position AS c FROM es_events ORDER BY transaction_id, global_position OFFSET $1 LIMIT 1`,
      [s * stagger - 1],
    );
    return rows[0]!.c;
  };
  const starts: (string | null)[] = [];
  for (let s = 0; s < subscriptions; s++) starts.push(await startAt(s));
  const pool = new pg.Pool({ connectionString: url.toString(), max: 25, idleTimeoutMillis: 0 });
  let reads = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
    if (text.includes('es_read_horizon')) reads++;
    return query(...args);
  };
  const store = new PostgresEventStore(pool, url.toString());
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const finished: number[] = [];
  const counts = new Array<number>(subscriptions).fill(0);
  let maxRss = 0;
  const rssTimer = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage().rss)), 100);
  await Promise.all(
    Array.from({ length: subscriptions }, (_, s) => {
      const msPerEvent = s === 0 ? auditMs : s === 1 ? bookingsMs : 0;
      let last: string | null = null;
      const expected = total - s * stagger;
      return new Promise<void>((resolve, reject) => {
        const sub = store.subscribe({
          after: starts[s] ?? null,
          batchSize: 2000,
          onBatch: async (batch: RecordedEvent[]) => {
            for (const e of batch) {
              if (last !== null && store.compareCheckpoints(last, e.checkpoint) >= 0) reject(new Error(`subscription ${s}: out of order`));
              last = e.checkpoint;
            }
            counts[s]! += batch.length;
            if (msPerEvent > 0) await sleep(batch.length * msPerEvent);
            if (counts[s] === expected) {
              finished[s] = performance.now() - t0;
              void sub.stop().then(resolve);
            } else if (counts[s]! > expected) reject(new Error(`subscription ${s}: ${counts[s]} events of ${expected}`));
          },
        });
      });
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(rssTimer);
  const { rows } = await setup.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
  const pgCpu = rows.reduce((sum, r) => sum + cpuOf(r.pid), 0);
  await store.close();
  await pool.end();
  const byRole = (i: number) => (finished[i]! / 1000).toFixed(1);
  console.log(
    `${total} events, ${subscriptions} subscriptions (${modulePath.split('/').pop()}): ${wall.toFixed(1)} s wall ` +
      `(audit-like ${byRole(0)} s, bookings-like ${byRole(1)} s, the ignoring ones ${(Math.max(...finished.slice(2)) / 1000).toFixed(1)} s); ` +
      `Node CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, PostgreSQL CPU ${pgCpu.toFixed(2)} s (${rows.length} backends), ` +
      `${reads} reads (${(reads / (total / 2000)).toFixed(1)} per 2,000 events), max RSS ${(maxRss / 2 ** 20).toFixed(0)} MB`,
  );
} finally {
  await setup.end();
  if (!process.env.CATCHUP_DB) await adminClient.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await adminClient.end();
}
