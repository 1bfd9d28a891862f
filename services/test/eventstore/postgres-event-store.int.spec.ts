/**
 * The event store contract against the PostgreSQL adapter, on both test setups: the machine's PostgreSQL
 * ('external') and the embedded PostgreSQL 18 started by the vitest global setup ('embedded').
 * Each setup's test group runs on a fresh database, dropped afterwards; each test gets its own store.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.ts';
import { PG_SETUPS, type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { eventStoreContract } from './event-store.contract.ts';

describe.each(PG_SETUPS)('PostgresEventStore on %s PostgreSQL', (setup) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(setup);
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      await PostgresEventStore.migrate(pool);
      await PostgresEventStore.migrate(pool); // idempotent
    } finally {
      await pool.end();
    }
  });

  afterAll(async () => {
    await db?.drop();
  });

  eventStoreContract(`postgres (${setup})`, async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 25 });
    const rawPool = new pg.Pool({ connectionString: db.url, max: 4 });
    // DROP DATABASE ... WITH (FORCE) after the group can hit connections that pool.end() is still closing:
    // their FATAL "terminating connection" must not become an uncaught 'error' event.
    pool.on('error', () => {});
    rawPool.on('error', () => {});
    const store = new PostgresEventStore(pool, db.url);
    return {
      store,
      rawPool,
      async cleanup() {
        await store.close();
        await Promise.all([pool.end(), rawPool.end()]);
      },
    };
  });
});

/**
 * Postgres-specific: the global order is (transaction id, global position), compared as numbers. Transaction
 * ids change their number of decimal digits as a cluster ages (999 → 1000, ..., 9,999,999 → 10,000,000); the
 * order and the paging must not notice. Real ids are only controllable by burning transactions, so this test
 * writes rows with explicit small transaction ids (98, 99, 100, 101: all older than any running transaction,
 * hence visible) into a fresh database.
 */
describe.each(PG_SETUPS)('PostgresEventStore global order on %s PostgreSQL', (setup) => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase(setup);
    pool = new pg.Pool({ connectionString: db.url, max: 5 });
    pool.on('error', () => {});
    await PostgresEventStore.migrate(pool);
    store = new PostgresEventStore(pool, db.url);
    await pool.query(
      `INSERT INTO es_events (transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata)
       SELECT tx::text::xid8, gen_random_uuid(), 'digits', ord - 1, 'DigitsTested', 1, jsonb_build_object('tx', tx), '{"correlationId":"c"}'
       FROM unnest(ARRAY[98, 99, 100, 101]::bigint[]) WITH ORDINALITY AS t(tx, ord)`,
    );
    await pool.query(`INSERT INTO es_streams (stream_id, version) VALUES ('digits', 3)`);
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  const txOf = (events: { data: unknown }[]) => events.map((e) => (e.data as { tx: number }).tx);

  it('reads all in numeric transaction order across 99 → 100, in one batch and page by page', async () => {
    const { events: oneBatch } = await store.readAll({ after: null, limit: 10 });
    expect(txOf(oneBatch)).toEqual([98, 99, 100, 101]);

    const paged: number[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const batch = await store.readAll({ after, limit: 1 });
      paged.push(...txOf(batch.events));
      if (batch.events.length === 0) break;
      after = batch.checkpoint;
    }
    expect(paged).toEqual([98, 99, 100, 101]);
  });

  it('delivers every event once, in numeric transaction order, to a subscriber with small batches', async () => {
    const seen: number[] = [];
    const sub = store.subscribe({ after: null, batchSize: 2, onBatch: async (events) => void seen.push(...txOf(events)) });
    const deadline = Date.now() + 3000;
    while (seen.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    await sub.stop();
    expect(seen).toEqual([98, 99, 100, 101]);
  });
});
