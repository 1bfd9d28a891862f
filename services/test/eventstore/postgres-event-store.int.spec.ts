/**
 * The event store contract against the PostgreSQL adapter, on both test setups: the machine's PostgreSQL
 * ('external') and the embedded PostgreSQL 18 started by the vitest global setup ('embedded').
 * Each setup's test group runs on a fresh database, dropped afterwards; each test gets its own store.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewEvent, type ReadAllResult, type RecordedEvent, WrongExpectedVersionError } from '@crm/contracts';
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

  it('bulk-reads in numeric transaction order across 99 → 100, a page at a time', async () => {
    const pages: number[][] = [];
    for await (const page of store.readAllBulk({ after: null, limit: 1, concurrency: 2 })) pages.push(txOf(page.events));
    expect(pages).toEqual([[98], [99], [100], [101], []]);
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

/**
 * Postgres-specific: group commit. Appends made while an append transaction is in flight go together in the
 * next one (es_append_many); each keeps its own expected-version check and result. With `maxInFlight: 1`
 * the batching is deterministic: the first of several concurrent appends goes alone, the rest wait for it
 * and share the next transaction.
 */
describe.each(PG_SETUPS)('PostgresEventStore group commit on %s PostgreSQL', (setup) => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase(setup);
    pool = new pg.Pool({ connectionString: db.url, max: 10 });
    pool.on('error', () => {});
    await PostgresEventStore.migrate(pool);
    store = new PostgresEventStore(pool, db.url, { groupCommit: { maxInFlight: 1, maxBatch: 256 } });
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  const event = (type = 'GroupCommitTested', data: Record<string, unknown> = {}): NewEvent => ({
    id: randomUUID(),
    type,
    schemaVersion: 1,
    data,
    metadata: { correlationId: randomUUID(), userId: null },
  });
  const txOf = (checkpoint: string) => checkpoint.split(':')[0]!;
  const settle = <T>(p: Promise<T>) => p.then((value) => ({ value, error: null }), (error: unknown) => ({ value: null, error }));

  it('gathers concurrent appends into one transaction, each with its own result', async () => {
    const prefix = `gc-${randomUUID().slice(0, 8)}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.append(`${prefix}-${i}`, [event('GroupCommitTested', { i })], { expectedVersion: 'no_stream' })),
    );
    const txs = results.map((r) => txOf(r.checkpoint));
    expect(new Set(txs).size, 'the first append alone, the other 19 in one transaction').toBe(2);
    expect(new Set(txs.slice(1)).size).toBe(1);
    expect(results.every((r) => r.nextExpectedVersion === 0)).toBe(true);
    for (let i = 0; i < 20; i++) {
      const stream = await store.readStream(`${prefix}-${i}`);
      expect(stream.map((e) => [e.data, e.checkpoint])).toEqual([[{ i }, results[i]!.checkpoint]]);
    }
  });

  it('fails only the conflicting appends of a batch; the others commit together', async () => {
    const prefix = `gc-${randomUUID().slice(0, 8)}`;
    await store.append(`${prefix}-existing`, [event(), event()], { expectedVersion: 'no_stream' });
    const first = store.append(`${prefix}-first`, [event()], { expectedVersion: 'no_stream' });
    const batch = [
      settle(store.append(`${prefix}-new`, [event(), event(), event()], { expectedVersion: 'no_stream' })),
      settle(store.append(`${prefix}-existing`, [event('Rejected')], { expectedVersion: 0 })), // stale
      settle(store.append(`${prefix}-existing`, [event('Rejected')], { expectedVersion: 'no_stream' })), // exists
      settle(store.append(`${prefix}-missing`, [event('Rejected'), event('Rejected')], { expectedVersion: 3 })), // missing
      settle(store.append(`${prefix}-existing`, [event()], { expectedVersion: 1 })), // right
      settle(store.append(`${prefix}-any`, [event()], { expectedVersion: 'any' })),
    ] as const;
    await first;
    const [created, stale, exists, missing, right, any] = await Promise.all(batch);

    for (const [outcome, expected, actual] of [
      [stale, 0, 1],
      [exists, 'no_stream', 1],
      [missing, 3, 'no_stream'],
    ] as const) {
      expect(outcome.error).toBeInstanceOf(WrongExpectedVersionError);
      const err = outcome.error as WrongExpectedVersionError;
      expect({ streamId: err.streamId, expected: err.expected, actual: err.actual }).toMatchObject({ expected, actual });
    }
    expect((stale.error as WrongExpectedVersionError).streamId).toBe(`${prefix}-existing`);
    expect((missing.error as WrongExpectedVersionError).streamId).toBe(`${prefix}-missing`);
    expect(created.value?.nextExpectedVersion).toBe(2);
    expect(right.value?.nextExpectedVersion).toBe(2);
    expect(any.value?.nextExpectedVersion).toBe(0);
    expect(new Set([created, right, any].map((o) => txOf(o.value!.checkpoint))).size, 'one transaction').toBe(1);

    expect((await store.readStream(`${prefix}-existing`)).map((e) => e.type)).toEqual(['GroupCommitTested', 'GroupCommitTested', 'GroupCommitTested']);
    expect(await store.readStream(`${prefix}-missing`)).toEqual([]);
    expect((await store.readStream(`${prefix}-new`)).map((e) => e.streamVersion)).toEqual([0, 1, 2]);
    const rejected = await pool.query(`SELECT count(*)::int AS n FROM es_events WHERE stream_id LIKE $1 AND type = 'Rejected'`, [`${prefix}-%`]);
    expect(rejected.rows[0].n).toBe(0);
  });

  it('keeps call order for appends to one stream in a batch, and a gap-free global order', async () => {
    const prefix = `gc-${randomUUID().slice(0, 8)}`;
    const start = await store.append(`${prefix}-start`, [event()], { expectedVersion: 'no_stream' });
    const blocker = store.append(`${prefix}-blocker`, [event()], { expectedVersion: 'no_stream' });
    // In one batch: a chain on one stream (each expecting the previous), interleaved with other streams.
    const calls = [
      store.append(`${prefix}-z`, [event('Chain', { n: 0 })], { expectedVersion: 'no_stream' }),
      store.append(`${prefix}-a`, [event('Other', { n: 0 }), event('Other', { n: 1 })], { expectedVersion: 'no_stream' }),
      store.append(`${prefix}-z`, [event('Chain', { n: 1 }), event('Chain', { n: 2 })], { expectedVersion: 0 }),
      store.append(`${prefix}-m`, [event('Other', { n: 2 })], { expectedVersion: 'any' }),
      store.append(`${prefix}-z`, [event('Chain', { n: 3 })], { expectedVersion: 2 }),
    ];
    await blocker;
    const results = await Promise.all(calls);
    expect(results.map((r) => r.nextExpectedVersion)).toEqual([0, 1, 2, 0, 3]);
    expect(new Set(results.map((r) => txOf(r.checkpoint))).size).toBe(1);
    expect((await store.readStream(`${prefix}-z`)).map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3]);

    // Wait until visible, then read the global order after the start: blocker, then the batch, each
    // append contiguous, per-stream versions in order, checkpoints strictly increasing.
    const deadline = Date.now() + 10_000;
    let all: RecordedEvent[] = [];
    while (Date.now() < deadline) {
      all = (await store.readAll({ after: start.checkpoint, limit: 100 })).events.filter((e) => e.streamId.startsWith(prefix));
      if (all.length === 8) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(all.map((e) => e.streamId.slice(prefix.length + 1))).toEqual(['blocker', 'a', 'a', 'm', 'z', 'z', 'z', 'z']);
    for (let i = 1; i < all.length; i++) expect(store.compareCheckpoints(all[i - 1]!.checkpoint, all[i]!.checkpoint)).toBe(-1);
    expect(all.at(-1)!.checkpoint).toBe(results[4]!.checkpoint);
    const positions = all.slice(1).map((e) => Number(e.checkpoint.split(':')[1]));
    expect(positions, 'one batch: consecutive positions').toEqual(positions.map((_, i) => positions[0]! + i));
  });

  it('lets subscriptions at the same position share their reads, each still receiving every event once, in order', async () => {
    const prefix = `gc-${randomUUID().slice(0, 8)}`;
    const start = await store.append(`${prefix}-start`, [event()], { expectedVersion: 'no_stream' });
    const deadline = Date.now() + 10_000;
    while (store.compareCheckpoints((await store.headCheckpoint())!, start.checkpoint) < 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    let reads = 0;
    const readAll = store.readAll.bind(store);
    store.readAll = (options) => {
      reads++;
      return readAll(options);
    };
    const received: RecordedEvent[][] = Array.from({ length: 6 }, () => []);
    let batches = 0;
    const subs = received.map((list) =>
      store.subscribe({
        after: start.checkpoint,
        batchSize: 50,
        onBatch: async (events) => {
          batches++;
          list.push(...events.filter((e) => e.streamId.startsWith(prefix)));
        },
      }),
    );
    try {
      const ids: string[] = [];
      await Promise.all(
        Array.from({ length: 10 }, async (_, w) => {
          for (let i = 0; i < 20; i++) {
            const e = event('Shared', { w, i });
            ids.push(e.id);
            await store.append(`${prefix}-${w}-${i}`, [e], { expectedVersion: 'no_stream' });
          }
        }),
      );
      const until = Date.now() + 10_000;
      while (received.some((l) => l.length < ids.length) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200));
      const reference = received[0]!.map((e) => e.checkpoint);
      expect(new Set(received[0]!.map((e) => e.id))).toEqual(new Set(ids));
      for (const list of received) expect(list.map((e) => e.checkpoint)).toEqual(reference);
      for (let i = 1; i < reference.length; i++) expect(store.compareCheckpoints(reference[i - 1]!, reference[i]!)).toBe(-1);
      expect(reads, `${reads} reads for ${batches} batches`).toBeLessThan(batches);
    } finally {
      await Promise.all(subs.map((sub) => sub.stop()));
      store.readAll = readAll;
    }
  });

  it("wakes another store's subscriptions through NOTIFY (its own LISTEN ignores its own appends)", async () => {
    const other = new PostgresEventStore(pool, db.url, { pollIntervalMs: 60_000 });
    const got: string[] = [];
    const start = await store.append(`gc-${randomUUID()}`, [event()], { expectedVersion: 'no_stream' });
    const until = Date.now() + 10_000;
    while (store.compareCheckpoints((await store.headCheckpoint())!, start.checkpoint) < 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    const sub = other.subscribe({ after: start.checkpoint, onBatch: async (events) => void got.push(...events.map((e) => e.id)) });
    try {
      await new Promise((r) => setTimeout(r, 500)); // its LISTEN is up, its first (empty) read done: now it sleeps 60 s
      const e = event();
      const t0 = Date.now();
      await store.append(`gc-${randomUUID()}`, [e], { expectedVersion: 'no_stream' });
      while (!got.includes(e.id) && Date.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 10));
      expect(got).toEqual([e.id]);
    } finally {
      await sub.stop();
      await other.close();
    }
  });

  it('isolates an append that breaks the batch transaction: it alone fails, the others are retried and commit', async () => {
    const prefix = `gc-${randomUUID().slice(0, 8)}`;
    const duplicate = event();
    await store.append(`${prefix}-original`, [duplicate], { expectedVersion: 'no_stream' });
    const blocker = store.append(`${prefix}-blocker`, [event()], { expectedVersion: 'no_stream' });
    const batch = [
      settle(store.append(`${prefix}-ok-1`, [event()], { expectedVersion: 'no_stream' })),
      settle(store.append(`${prefix}-dup`, [event(), { ...duplicate }], { expectedVersion: 'no_stream' })),
      settle(store.append(`${prefix}-ok-2`, [event()], { expectedVersion: 'no_stream' })),
    ] as const;
    await blocker;
    const [ok1, dup, ok2] = await Promise.all(batch);
    expect(ok1.error).toBeNull();
    expect(ok2.error).toBeNull();
    expect(dup.error).toBeInstanceOf(pg.DatabaseError);
    expect((dup.error as pg.DatabaseError).code).toBe('23505');
    expect((await store.readStream(`${prefix}-ok-1`)).length).toBe(1);
    expect((await store.readStream(`${prefix}-ok-2`)).length).toBe(1);
    expect(await store.readStream(`${prefix}-dup`)).toEqual([]);
  });
});

/** Postgres-specific: `readAllBulk`, the rebuilds' read (pages found in the order index, read ahead, typed). */
describe.each(PG_SETUPS)('PostgresEventStore bulk read on %s PostgreSQL', (setup) => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase(setup);
    pool = new pg.Pool({ connectionString: db.url, max: 6 });
    pool.on('error', () => {});
    await PostgresEventStore.migrate(pool);
    store = new PostgresEventStore(pool, db.url);
    // 21 events of two types in 9 transactions (some appends hold several events).
    for (let i = 0; i < 9; i++) {
      const events = Array.from({ length: 1 + (i % 4) }, (_, j) => ({
        id: randomUUID(),
        type: (i + j) % 3 === 0 ? 'BulkTestedB' : 'BulkTestedA',
        schemaVersion: 1,
        data: { i, j, text: `tab\there "quoted" \\ é` },
        metadata: { correlationId: `c-${i}-${j}`, userId: null },
      }));
      await store.append(`bulk-${i % 3}`, events, { expectedVersion: 'any' });
    }
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  const plain = (e: RecordedEvent) => ({
    id: e.id,
    type: e.type,
    schemaVersion: e.schemaVersion,
    data: e.data,
    metadata: e.metadata,
    streamId: e.streamId,
    streamVersion: e.streamVersion,
    checkpoint: e.checkpoint,
    timestamp: e.timestamp,
  });
  const bulk = async (options: Parameters<PostgresEventStore['readAllBulk']>[0]) => {
    const pages: ReadAllResult[] = [];
    for await (const page of store.readAllBulk(options)) pages.push(page);
    return pages;
  };

  it('reads what readAll reads, in order, in pages of at most limit events, whatever the concurrency', async () => {
    const all = (await store.readAll({ after: null, limit: 1000 })).events;
    expect(all).toHaveLength(21);
    for (const limit of [1, 4, 100]) {
      for (const concurrency of [1, 3]) {
        const pages = await bulk({ after: null, limit, concurrency });
        expect(pages.flatMap((p) => p.events).map(plain)).toEqual(all.map(plain));
        expect(pages.every((p) => p.events.length <= limit)).toBe(true);
        expect(pages.map((p) => p.isEnd)).toEqual(pages.map((_, i) => i === pages.length - 1));
        expect(pages.at(-1)!.checkpoint).toBe(all.at(-1)!.checkpoint);
        // JSON of a bulk event is the plain event.
        expect(JSON.parse(JSON.stringify(pages[0]!.events[0]))).toEqual(JSON.parse(JSON.stringify(plain(all[0]!))));
      }
    }
    const from = all[9]!.checkpoint;
    expect((await bulk({ after: from, limit: 5 })).flatMap((p) => p.events).map((e) => e.id)).toEqual(all.slice(10).map((e) => e.id));
  });

  it('skips the other types, its checkpoints still moving past them', async () => {
    const all = (await store.readAll({ after: null, limit: 1000 })).events;
    const pages = await bulk({ after: null, limit: 5, types: ['BulkTestedB'] });
    const wanted = all.filter((e) => e.type === 'BulkTestedB');
    expect(wanted.length).toBeGreaterThan(0);
    expect(pages.flatMap((p) => p.events).map((e) => e.id)).toEqual(wanted.map((e) => e.id));
    // Every page but the last ends on the 5th position after the previous end, whatever its type.
    expect(pages.slice(0, -1).map((p) => p.checkpoint)).toEqual(all.filter((_, i) => i % 5 === 4).map((e) => e.checkpoint));
    expect((await store.readAll({ after: pages.at(-1)!.checkpoint, limit: 10 })).events.filter((e) => e.type === 'BulkTestedB')).toEqual([]);
  });

  it('metadata: false leaves the metadata out (reading it throws), everything else as read with it', async () => {
    const all = (await store.readAll({ after: null, limit: 1000 })).events;
    const events = (await bulk({ after: null, limit: 4, metadata: false })).flatMap((p) => p.events);
    const { metadata: _, ...withoutMetadata } = plain(all[0]!);
    expect(events.map(({ id, type, schemaVersion, data, streamId, streamVersion, checkpoint, timestamp }) => ({ id, type, schemaVersion, data, streamId, streamVersion, checkpoint, timestamp }))).toEqual(
      all.map((e) => {
        const { metadata: __, ...rest } = plain(e);
        return rest;
      }),
    );
    expect(withoutMetadata.id).toBe(events[0]!.id);
    expect(() => events[0]!.metadata).toThrow(/metadata was left out/);
    expect(JSON.parse(JSON.stringify(events[0]))).toMatchObject({ id: all[0]!.id, metadata: {} });
  });

  it('reads the events visible when it started; later ones are left to readAll from its last checkpoint', async () => {
    const before = (await store.readAll({ after: null, limit: 1000 })).events;
    const seen: string[] = [];
    let last: string | null = null;
    let appended: string | null = null;
    for await (const page of store.readAllBulk({ after: null, limit: 4, concurrency: 2 })) {
      seen.push(...page.events.map((e) => e.id));
      last = page.checkpoint;
      if (appended === null) {
        appended = randomUUID();
        await store.append('bulk-late', [{ id: appended, type: 'BulkTestedA', schemaVersion: 1, data: {}, metadata: { correlationId: 'late', userId: null } }], {
          expectedVersion: 'no_stream',
        });
      }
    }
    expect(seen).toEqual(before.map((e) => e.id));
    // Read until it shows (a read may still pass over a transaction of another database that ended while the
    // horizon was taken: see es_read_horizon), and then it is the late event alone.
    let late: ReadAllResult = await store.readAll({ after: last, limit: 10 });
    for (const until = Date.now() + 5_000; late.events.length === 0 && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      late = await store.readAll({ after: last, limit: 10 });
    }
    expect(late.events.map((e) => e.id)).toEqual([appended]);
  });
});
