/**
 * Postgres-specific: the tail window that a store's subscriptions share. Subscriptions positioned inside the
 * window of recent events are served from it without a query; a read from its end extends it; its bounds hold.
 * Each subscriber still receives every event once, in order, and is never told it is caught up when a
 * wake-up it saw announced an event it has not received.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '@crm/contracts';
import { PostgresEventStore, type PostgresEventStoreOptions } from '../../src/eventstore/postgres-event-store.ts';
import { PG_SETUPS, type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const event = (data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type: 'TailTested',
  schemaVersion: 1,
  data: { ...data, text: 'x'.repeat(100) },
  metadata: { correlationId: randomUUID(), userId: null },
});

/** An append to a new stream made as another process would, on `client` (in its transaction, if one is open), with no NOTIFY. */
const appendWithoutNotify = (client: pg.Client, prefix: string, e: NewEvent) =>
  client.query('SELECT * FROM es_append($1, $2, NULL, $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])', [
    `${prefix}-${randomUUID()}`,
    'no_stream',
    [e.id],
    [e.type],
    [e.schemaVersion],
    [JSON.stringify(e.data)],
    [JSON.stringify(e.metadata)],
  ]);

describe.each(PG_SETUPS)('PostgresEventStore tail window on %s PostgreSQL', (setup) => {
  let db: TestDatabase;
  let pool: pg.Pool;
  /** Event reads sent to PostgreSQL (readAll's query calls es_read_horizon). */
  let reads = 0;
  /** The number of events each of those reads returned, in order. */
  const readRows: number[] = [];
  /** While set, read results are held back until it resolves (a read "in flight"). */
  let hold: Promise<void> | null = null;
  let held = 0;
  const stores: PostgresEventStore[] = [];
  const newStore = (options: PostgresEventStoreOptions = {}) => {
    const store = new PostgresEventStore(pool, db.url, options);
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    db = await createTestDatabase(setup);
    pool = new pg.Pool({ connectionString: db.url, max: 20 });
    pool.on('error', () => {});
    await PostgresEventStore.migrate(pool);
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as { query: unknown }).query = async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      if (!text.includes('es_read_horizon()) ')) return query(...args);
      reads++;
      const result = await query(...args);
      readRows.push((result as { rows: unknown[] }).rows.length);
      if (hold) {
        held++;
        await hold;
      }
      return result;
    };
    // 2,000 events in 40 appends (one transaction id each).
    const writer = newStore();
    for (let a = 0; a < 40; a++) {
      await writer.append(`tail-${a}`, Array.from({ length: 50 }, (_, i) => event({ a, i })), { expectedVersion: 'no_stream' });
    }
  });

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await pool?.end();
    await db?.drop();
  });

  /** Every event after `after`, in the global order. */
  const allAfter = async (store: PostgresEventStore, after: string | null) => {
    const events: RecordedEvent[] = [];
    for (;;) {
      const page = await store.readAll({ after, limit: 1000 });
      events.push(...page.events);
      after = page.checkpoint;
      if (page.isEnd) return events;
    }
  };

  /**
   * Subscribers from the given positions, with their batch sizes and apply delays, while `live` more events are
   * appended; resolves with what each received once each has the head's last event.
   */
  const run = async (
    store: PostgresEventStore,
    subs: { after: string | null; batchSize: number; delayMs: number }[],
    live: number,
  ): Promise<RecordedEvent[][]> => {
    const received = subs.map(() => [] as RecordedEvent[]);
    const subscriptions = subs.map((s, n) =>
      store.subscribe({
        after: s.after,
        batchSize: s.batchSize,
        onBatch: async (events) => {
          received[n]!.push(...events);
          if (s.delayMs > 0) await sleep(s.delayMs);
        },
      }),
    );
    try {
      const writer = newStore();
      let last: string | null = null;
      for (let a = 0; a < live; a++) {
        last = (await writer.append(`tail-live-${randomUUID()}`, [event({ live: a })], { expectedVersion: 'no_stream' })).checkpoint;
        if (a % 10 === 0) await sleep(5);
      }
      last ??= (await store.headCheckpoint())!;
      const deadline = Date.now() + 20_000;
      while (received.some((list) => list.at(-1)?.checkpoint !== last) && Date.now() < deadline) await sleep(20);
      await sleep(100);
    } finally {
      await Promise.all(subscriptions.map((s) => s.stop()));
    }
    return received;
  };

  /** 30 one-event appends 10 ms apart (~300 ms): each its own wake-up and, unspaced, its own NOTIFY. Their ids. */
  const appendBurst = async (store: PostgresEventStore, tag: string): Promise<string[]> => {
    const appended: string[] = [];
    for (let a = 0; a < 30; a++) {
      const e = event({ [tag]: a });
      await store.append(`tail-${tag}-${randomUUID()}`, [e], { expectedVersion: 'no_stream' });
      appended.push(e.id);
      await sleep(10);
    }
    return appended;
  };

  const expectComplete = async (store: PostgresEventStore, subs: { after: string | null }[], received: RecordedEvent[][]) => {
    for (let n = 0; n < subs.length; n++) {
      const expected = await allAfter(store, subs[n]!.after);
      expect(received[n]!.map((e) => e.checkpoint), `subscriber ${n}`).toEqual(expected.map((e) => e.checkpoint));
      expect(received[n]!.map((e) => e.data)).toEqual(expected.map((e) => e.data));
    }
  };

  it('serves subscribers at different positions from one window: every event once, in order, with far fewer reads', async () => {
    const reference = await allAfter(newStore({ tailWindow: false }), null);
    // 12 subscriptions a few dozen events apart, as projections whose checkpoints were stored at different times;
    // two apply slowly.
    const subs = Array.from({ length: 12 }, (_, n) => ({
      after: n === 0 ? null : reference[n * 37 - 1]!.checkpoint,
      batchSize: 200,
      delayMs: n === 0 ? 30 : n === 1 ? 10 : 0,
    }));
    const counted = async (options: PostgresEventStoreOptions) => {
      const store = newStore(options);
      const before = reads;
      const received = await run(store, subs, 0);
      const count = reads - before;
      await expectComplete(store, subs, received);
      return count;
    };
    const alone = await counted({ tailWindow: false });
    const shared = await counted({});
    // Without the window each subscriber reads its batches itself (~12 × 2,000 / 200 reads, a few shared by chance).
    expect(alone).toBeGreaterThanOrEqual(100);
    // (A quarter or less on a quiet machine; under load the subscribers spread further apart and wake more often.)
    expect(shared, `${shared} reads with the window, ${alone} without`).toBeLessThan(alone / 2);
  });

  it('keeps every event once and in order with a tiny window, subscribers behind, inside and ahead of it, while appends go on', async () => {
    const reference = await allAfter(newStore({ tailWindow: false }), null);
    const store = newStore({ tailWindow: { maxEvents: 150, maxBytes: 40_000 } });
    let largest = { events: 0, bytes: 0 };
    const sampler = setInterval(() => {
      const size = store.tailWindowSize();
      if (size) largest = { events: Math.max(largest.events, size.events), bytes: Math.max(largest.bytes, size.bytes) };
    }, 1);
    const subs = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => ({
      after: reference[[5, 400, 410, 900, 1500, 1990, 1999, 1000][n]!]!.checkpoint,
      batchSize: [7, 50, 64, 100, 200, 33, 500, 128][n]!,
      delayMs: [0, 5, 0, 2, 0, 1, 0, 20][n]!,
    }));
    try {
      const received = await run(store, subs, 120);
      await expectComplete(store, subs, received);
    } finally {
      clearInterval(sampler);
    }
    expect(largest.events).toBeGreaterThan(0);
    expect(largest.events).toBeLessThanOrEqual(150);
    expect(largest.bytes).toBeLessThanOrEqual(40_000);
  });

  it('delivers an event appended while a shared read is in flight, to subscribers at the end and to a slow one behind it', async () => {
    const store = newStore({ pollIntervalMs: 60_000 }); // only wake-ups drive delivery
    const head = (await store.headCheckpoint())!;
    const got = [[], [], [], []] as string[][];
    const subscriptions = got.map((list, n) =>
      store.subscribe({
        after: head,
        onBatch: async (events) => {
          list.push(...events.map((e) => e.id));
          if (n === 3) await sleep(150); // still applying when the next wake-up comes
        },
      }),
    );
    try {
      await sleep(300); // LISTEN up, first (empty) reads done: all idle at the head
      const a = event({ step: 'a' });
      const b = event({ step: 'b' });
      let release!: () => void;
      hold = new Promise<void>((r) => (release = r));
      held = 0;
      await store.append(`tail-wake-${randomUUID()}`, [a], { expectedVersion: 'no_stream' });
      const until = Date.now() + 5_000;
      while (held === 0 && Date.now() < until) await sleep(2);
      expect(held, 'a read is in flight').toBeGreaterThan(0);
      // The read in flight has its rows (a, not b); b is appended and announced before it returns.
      await store.append(`tail-wake-${randomUUID()}`, [b], { expectedVersion: 'no_stream' });
      hold = null;
      release();
      const deadline = Date.now() + 5_000;
      while (got.some((list) => list.length < 2) && Date.now() < deadline) await sleep(10);
      for (const list of got) expect(list).toEqual([a.id, b.id]);
    } finally {
      hold = null;
      await Promise.all(subscriptions.map((s) => s.stop()));
    }
  });

  it('spaces reads from the tail: a burst of wake-ups costs about one read per interval, and every event still arrives in order', async () => {
    const burst = async (tailReadIntervalMs: number) => {
      // Polls too (an event held back by the read horizon, e.g. behind another test's append in another database
      // of the same server, is read at the next wake-up or poll), but not during the burst: the first poll comes
      // 2 s after the subscriptions start, the burst starts at 0.3 s and lasts about 0.6 s (at 1 s, a poll landed in
      // it under a full parallel run and made one read more than the spacing allows).
      const store = newStore({ pollIntervalMs: 2_000, tailReadIntervalMs });
      const head = (await store.headCheckpoint())!;
      const got = [[], [], []] as string[][];
      const subscriptions = got.map((list) => store.subscribe({ after: head, onBatch: async (events) => void list.push(...events.map((e) => e.id)) }));
      try {
        await sleep(300); // idle at the head
        const before = reads;
        const started = Date.now();
        const appended = await appendBurst(store, 'burst');
        const deadline = Date.now() + 10_000;
        while (got.some((list) => list.length < appended.length) && Date.now() < deadline) await sleep(10);
        const elapsed = Date.now() - started;
        for (const list of got) expect(list).toEqual(appended);
        return { reads: reads - before, elapsed };
      } finally {
        await Promise.all(subscriptions.map((s) => s.stop()));
      }
    };
    const unspaced = await burst(0);
    const spaced = await burst(150);
    // Unspaced, about a read per append (fewer only when appends outrun the reads, under load).
    expect(unspaced.reads).toBeGreaterThanOrEqual(10);
    // Spaced: one read at once, then at most one per 150 ms (the last one after the burst included).
    expect(spaced.reads, `${spaced.reads} reads in ${spaced.elapsed} ms`).toBeLessThanOrEqual(Math.ceil(spaced.elapsed / 150) + 2);
  });

  it('wakes idle subscribers with one shared read: none of them waits for a second, spaced one', async () => {
    // Reads from the tail spaced 1 s apart: a subscriber that missed the first read would wait for the next.
    const store = newStore({ pollIntervalMs: 60_000, tailReadIntervalMs: 1_000 });
    const head = (await store.headCheckpoint())!;
    const got = Array.from({ length: 6 }, () => [] as string[]);
    const subscriptions = got.map((list) => store.subscribe({ after: head, onBatch: async (events) => void list.push(...events.map((e) => e.id)) }));
    try {
      await sleep(1_200); // every subscriber idle in its poll wait, past the spacing of the first reads
      const before = reads;
      const beforeRows = readRows.length;
      const started = Date.now();
      const e = event({ step: 'wake' });
      await store.append(`tail-idle-${randomUUID()}`, [e], { expectedVersion: 'no_stream' });
      const deadline = Date.now() + 5_000;
      while (got.some((list) => list.length < 1) && Date.now() < deadline) await sleep(5);
      const elapsed = Date.now() - started;
      for (const list of got) expect(list).toEqual([e.id]);
      // The first read can find the event held back by the read horizon (a transaction of another test file that
      // ended as the horizon was taken): its re-read is then spaced for everyone alike. Otherwise it serves all.
      if (readRows[beforeRows] === 1) {
        expect(reads - before, 'event reads').toBe(1);
        expect(elapsed, 'ms until every subscriber had the event').toBeLessThan(900);
      }
    } finally {
      await Promise.all(subscriptions.map((s) => s.stop()));
    }
  });

  it('spaces NOTIFYs: a burst of appends sends about one per interval, and another process still gets every event soon after the last', async () => {
    const burst = async (notifyIntervalMs: number) => {
      // The other process: it learns of the appends only from the NOTIFYs (its poll comes every 10 s).
      const reader = newStore({ pollIntervalMs: 10_000 });
      const writer = newStore({ notifyIntervalMs });
      const head = (await reader.headCheckpoint())!;
      const got: string[] = [];
      let lastAt = 0;
      const subscription = reader.subscribe({
        after: head,
        onBatch: async (events) => {
          got.push(...events.map((e) => e.id));
          lastAt = Date.now();
        },
      });
      const listener = new pg.Client({ connectionString: db.url });
      await listener.connect();
      let notifications = 0;
      listener.on('notification', () => void notifications++);
      await listener.query('LISTEN es_events');
      try {
        await sleep(300); // idle at the head, listening
        const started = Date.now();
        const appended = await appendBurst(writer, 'notify');
        const lastAppendAt = Date.now();
        const deadline = Date.now() + 5_000;
        while (got.length < appended.length && Date.now() < deadline) await sleep(5);
        await sleep(notifyIntervalMs + 100); // a NOTIFY still on its way
        expect(got).toEqual(appended);
        return { notifications, elapsed: lastAppendAt - started, delivered: lastAt - lastAppendAt };
      } finally {
        await listener.end();
        await subscription.stop();
      }
    };
    const unspaced = await burst(0);
    const spaced = await burst(100);
    expect(unspaced.notifications).toBeGreaterThanOrEqual(20);
    // One at once, then at most one per 100 ms (the one after the last append included).
    expect(spaced.notifications, `${spaced.notifications} NOTIFYs in ${spaced.elapsed} ms`).toBeLessThanOrEqual(Math.ceil(spaced.elapsed / 100) + 2);
    // The last append was announced within the interval, not left to the 10 s poll.
    expect(spaced.delivered).toBeLessThan(2_000);
  });

  it('polls once per interval for all its subscriptions: ten idle subscriptions share each poll’s read', async () => {
    const store = newStore({ pollIntervalMs: 100 });
    const head = (await store.headCheckpoint())!;
    const subscriptions = Array.from({ length: 10 }, () => store.subscribe({ after: head, onBatch: async () => {} }));
    try {
      await sleep(300); // idle at the head
      const before = reads;
      const started = Date.now();
      await sleep(1_000);
      const polls = Math.ceil((Date.now() - started) / 100);
      const count = reads - before;
      // About one read per interval (polled on their own, ten: ~100).
      expect(count, `${count} reads in ${polls} intervals`).toBeGreaterThanOrEqual(polls / 2);
      expect(count, `${count} reads in ${polls} intervals`).toBeLessThanOrEqual(polls + 3);
    } finally {
      await Promise.all(subscriptions.map((s) => s.stop()));
    }
  });

  it('subscriptions chasing an event the read horizon holds back share one read a round, and all get it once released', async () => {
    // No spacing of reads from the tail: a read of its own per subscription and round would show in full.
    const store = newStore({ pollIntervalMs: 60_000, tailReadIntervalMs: 0 });
    const head = (await store.headCheckpoint())!;
    const got = Array.from({ length: 6 }, () => [] as string[]);
    const subscriptions = got.map((list) => store.subscribe({ after: head, onBatch: async (events) => void list.push(...events.map((e) => e.id)) }));
    const slow = new pg.Client({ connectionString: db.url });
    await slow.connect();
    try {
      await sleep(300); // idle at the head
      // An append in flight holds back those committed after it. The subscriptions woken by the first of them find
      // nothing, and were told of another while they read: they chase (re-reads at 2, 4, … 128 ms), then poll.
      const heldBack = event({ step: 'held back' });
      const later = [event({ step: 'later 1' }), event({ step: 'later 2' })];
      await slow.query('BEGIN');
      await appendWithoutNotify(slow, 'tail-chase', heldBack);
      const before = reads;
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      held = 0;
      await store.append(`tail-chase-${randomUUID()}`, [later[0]!], { expectedVersion: 'no_stream' });
      for (let i = 0; i < 200 && held === 0; i++) await sleep(5);
      expect(held, 'a read in flight').toBe(1);
      await store.append(`tail-chase-${randomUUID()}`, [later[1]!], { expectedVersion: 'no_stream' });
      hold = null;
      release();
      await sleep(800);
      const count = reads - before;
      // The wake-up's read, then one for each of the seven rounds (each subscription chasing on its own timer:
      // about six a round).
      expect(count, `${count} reads while six subscriptions chased`).toBeGreaterThanOrEqual(6);
      expect(count, `${count} reads while six subscriptions chased`).toBeLessThanOrEqual(12);
      for (const list of got) expect(list).toEqual([]);
      // Released: the next wake-up brings them all, in the order of their transactions.
      await slow.query('COMMIT');
      const last = event({ step: 'last' });
      await store.append(`tail-chase-${randomUUID()}`, [last], { expectedVersion: 'no_stream' });
      const deadline = Date.now() + 5_000;
      while (got.some((list) => list.length < 4) && Date.now() < deadline) await sleep(10);
      for (const list of got) expect(list).toEqual([heldBack.id, later[0]!.id, later[1]!.id, last.id]);
    } finally {
      await slow.query('ROLLBACK').catch(() => {});
      await slow.end();
      await Promise.all(subscriptions.map((s) => s.stop()));
    }
  });

  it('a poll reads the database: an event committed with no wake-up (no NOTIFY) still reaches a subscriber idle at the head', async () => {
    const store = newStore({ pollIntervalMs: 200 });
    const head = (await store.headCheckpoint())!;
    const got: string[] = [];
    const subscription = store.subscribe({ after: head, onBatch: async (events) => void got.push(...events.map((e) => e.id)) });
    const silent = new pg.Client({ connectionString: db.url });
    await silent.connect();
    try {
      await sleep(300); // idle at the head: the window's last read found nothing more
      // Appended as another process would, without its NOTIFY (lost, or held back by a read horizon).
      const e = event({ step: 'silent' });
      await appendWithoutNotify(silent, 'tail-silent', e);
      const deadline = Date.now() + 5_000;
      while (got.length === 0 && Date.now() < deadline) await sleep(10);
      expect(got).toEqual([e.id]);
    } finally {
      await silent.end();
      await subscription.stop();
    }
  });
});
