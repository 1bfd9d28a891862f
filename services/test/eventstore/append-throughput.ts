/**
 * Append micro-benchmark of the PostgreSQL event store (not a test): W writers each append one event to a
 * new stream (`no_stream`, like a booking) as fast as they can for D seconds, on a fresh database.
 * Reports appends/s, latency percentiles and writing transactions per append (transaction ids used: exact,
 * where pg_stat_database.xact_commit is flushed by each backend up to 10 s late).
 *
 *   node --import tsx services/test/eventstore/append-throughput.ts [writers=64] [seconds=5] [mode...]
 *
 * Modes: `off` (one transaction per append) or `<maxInFlight>x<maxBatch>` group commit (e.g. 2x256);
 * default: off 1x256 2x256 4x256. DATABASE_URL: an admin URL (default the machine's PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PostgresEventStore, type PostgresEventStoreOptions } from '../../src/eventstore/postgres-event-store.ts';

const writers = Number(process.argv[2] ?? 64);
const seconds = Number(process.argv[3] ?? 5);
const modes = process.argv.length > 4 ? process.argv.slice(4) : ['off', '1x256', '2x256', '4x256'];
const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `crm_append_bench_${Date.now().toString(36)}`;

const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE "${dbName}"`);
const url = new URL(admin);
url.pathname = `/${dbName}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: writers + 2 });
try {
  await PostgresEventStore.migrate(pool);
  const nextXid = async () => Number((await pool.query<{ n: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS n')).rows[0]!.n);
  for (const mode of modes) {
    const groupCommit: PostgresEventStoreOptions['groupCommit'] =
      mode === 'off' ? false : { maxInFlight: Number(mode.split('x')[0]), maxBatch: Number(mode.split('x')[1]) };
    const store = new PostgresEventStore(pool, url.toString(), { groupCommit });
    const latencies: number[] = [];
    const before = await nextXid();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (performance.now() < deadline) {
          const t = performance.now();
          await store.append(`bench-${randomUUID()}`, [
            { id: randomUUID(), type: 'BenchAppended', schemaVersion: 1, data: { n: latencies.length, text: 'x'.repeat(200) }, metadata: { correlationId: randomUUID(), userId: null } },
          ], { expectedVersion: 'no_stream' });
          latencies.push(performance.now() - t);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const xacts = (await nextXid()) - before;
    await store.close();
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(2);
    console.log(
      `${mode.padEnd(6)} ${writers} writers: ${Math.round(latencies.length / elapsed).toLocaleString('en-US')} appends/s ` +
        `(${latencies.length} in ${elapsed.toFixed(1)} s), p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, ` +
        `${(xacts / latencies.length).toFixed(3)} write transactions/append`,
    );
  }
} finally {
  await pool.end();
  await adminClient.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await adminClient.end();
}
