/**
 * The one contract suite of the event store port (contracts/src/platform/event-store.port.ts), run against
 * every adapter: PostgreSQL (both test setups) and EventStoreDB.
 *
 * The store under test may already hold events (EventStoreDB's $all is shared by every test, a Postgres
 * test group shares one database), so each test writes to its own streams (a unique prefix) and filters
 * global reads by that prefix, except where it compares complete sequences read from the same start.
 * No two tests of one suite write at the same time (vitest runs a file's tests sequentially).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedVersionError,
} from '@crm/contracts';

export interface EventStoreUnderTest {
  store: EventStore;
  cleanup(): Promise<void>;
  /** Postgres only: run raw SQL in a separate transaction, for the slow/rolled-back writer test */
  rawPool?: pg.Pool;
}

/** Same call as the Postgres adapter's append (see postgres-event-store.sql.ts). */
const ES_APPEND_SQL =
  'SELECT * FROM es_append($1, $2, $3, $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[])';

function esAppendParams(streamId: string, mode: 'no_stream' | 'any', events: NewEvent[]): unknown[] {
  return [
    streamId,
    mode,
    null,
    events.map((e) => e.id),
    events.map((e) => e.type),
    events.map((e) => e.schemaVersion),
    events.map((e) => JSON.stringify(e.data)),
    events.map((e) => JSON.stringify(e.metadata)),
  ];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

/**
 * Waits until `checkpoint` is visible to readers. An appended event is not always readable at once: the
 * Postgres store shows only events below the oldest running transaction of the whole cluster, so another
 * session's open transaction (any database on the server) delays visibility. Once this event is visible,
 * so is every event appended before it.
 */
async function waitVisible(store: EventStore, checkpoint: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await store.headCheckpoint();
    if (head !== null && store.compareCheckpoints(head, checkpoint) >= 0) return;
    if (Date.now() > deadline) throw new Error(`checkpoint ${checkpoint} not visible after ${timeoutMs} ms (head ${head})`);
    await sleep(10);
  }
}

/**
 * A start checkpoint after which only this test's events will appear: appends a marker event (to a stream
 * outside every test's prefix) and waits until it is visible, so nothing appended earlier can still show up
 * later after it. (`headCheckpoint()` alone can lag behind committed events, see waitVisible.)
 */
async function settledHead(store: EventStore): Promise<string> {
  const marker = await store.append(`marker-${randomUUID()}`, [newEvent('ContractMarker')], { expectedVersion: 'no_stream' });
  await waitVisible(store, marker.checkpoint);
  return marker.checkpoint;
}

function newEvent(type = 'ContractTested', data: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    schemaVersion: 1,
    data,
    metadata: { correlationId: randomUUID(), userId: null },
  };
}

function events(n: number, type = 'ContractTested'): NewEvent[] {
  return Array.from({ length: n }, (_, i) => newEvent(type, { i }));
}

function uniquePrefix(): string {
  return `contract-${randomUUID().slice(0, 8)}`;
}

async function expectConflict(
  promise: Promise<unknown>,
  expected: { streamId: string; expected: ExpectedVersion; actual: number | 'no_stream' },
): Promise<void> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the append should have failed with WrongExpectedVersionError').toBeInstanceOf(WrongExpectedVersionError);
  const wrong = err as WrongExpectedVersionError;
  expect({ streamId: wrong.streamId, expected: wrong.expected, actual: wrong.actual }).toEqual(expected);
}

/** Reads the global order from `after` to the end in batches of `limit`, checking each batch's shape. */
async function readAllToEnd(
  store: EventStore,
  after: string | null,
  limit: number,
): Promise<{ events: RecordedEvent[]; checkpoint: string | null }> {
  const out: RecordedEvent[] = [];
  let checkpoint = after;
  for (let guard = 0; guard < 100_000; guard++) {
    const batch = await store.readAll({ after: checkpoint, limit });
    expect(batch.events.length).toBeLessThanOrEqual(limit);
    expect(batch.isEnd).toBe(batch.events.length < limit);
    if (batch.events.length === 0) {
      expect(batch.checkpoint).toBe(checkpoint);
    } else {
      expect(batch.checkpoint).toBe(batch.events[batch.events.length - 1]!.checkpoint);
    }
    out.push(...batch.events);
    checkpoint = batch.checkpoint;
    if (batch.isEnd) return { events: out, checkpoint };
  }
  throw new Error('readAll never reached the end');
}

interface Collected {
  subscription: Subscription;
  events: RecordedEvent[];
  batches: { ids: string[]; caughtUp: boolean }[];
  /** Set when `done` rejected. */
  error: unknown;
  settled: boolean;
}

function collect(store: EventStore, options: Omit<SubscribeOptions, 'onBatch'> & Partial<Pick<SubscribeOptions, 'onBatch'>>): Collected {
  const collected: Collected = {
    subscription: undefined as unknown as Subscription,
    events: [],
    batches: [],
    error: null,
    settled: false,
  };
  collected.subscription = store.subscribe({
    ...options,
    onBatch: async (batch, info) => {
      collected.batches.push({ ids: batch.map((e) => e.id), caughtUp: info.caughtUp });
      collected.events.push(...batch);
      await options.onBatch?.(batch, info);
    },
  });
  collected.subscription.done.then(
    () => {
      collected.settled = true;
    },
    (err: unknown) => {
      collected.settled = true;
      collected.error = err;
    },
  );
  return collected;
}

function expectStrictlyIncreasing(store: EventStore, list: RecordedEvent[]): void {
  for (let i = 1; i < list.length; i++) {
    const cmp = store.compareCheckpoints(list[i - 1]!.checkpoint, list[i]!.checkpoint);
    if (cmp >= 0) {
      throw new Error(`checkpoints not increasing at ${i}: ${list[i - 1]!.checkpoint} then ${list[i]!.checkpoint}`);
    }
  }
}

function expectNoDuplicates(list: RecordedEvent[], what: string): void {
  const seen = new Set<string>();
  const dupes: string[] = [];
  for (const e of list) {
    if (seen.has(e.id)) dupes.push(e.id);
    seen.add(e.id);
  }
  expect(dupes, `${what}: duplicated event ids`).toEqual([]);
}

/** Per stream, the global order lists the stream's revisions 0, 1, 2, ... (consistent with readStream). */
function expectStreamOrderConsistent(list: RecordedEvent[]): void {
  const next = new Map<string, number>();
  for (const e of list) {
    const expected = next.get(e.streamId) ?? 0;
    if (e.streamVersion !== expected) {
      throw new Error(`stream ${e.streamId}: revision ${e.streamVersion} appears where ${expected} was expected`);
    }
    next.set(e.streamId, expected + 1);
  }
}

export function eventStoreContract(name: string, factory: () => Promise<EventStoreUnderTest>): void {
  describe(`event store contract: ${name}`, () => {
    let ctx: EventStoreUnderTest;
    let store: EventStore;
    const subscriptions: Subscription[] = [];

    const track = (c: Collected) => {
      subscriptions.push(c.subscription);
      return c;
    };

    beforeEach(async () => {
      ctx = await factory();
      store = ctx.store;
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
      await ctx?.cleanup();
    });

    describe('append and readStream', () => {
      it('appends to a new stream with no_stream and reads it back in revision order', async () => {
        const streamId = `${uniquePrefix()}-a`;
        const written = [newEvent('First', { n: 1, nested: { ok: true } }), newEvent('Second', { n: 2 })];
        const result = await store.append(streamId, written, { expectedVersion: 'no_stream' });
        expect(result.nextExpectedVersion).toBe(1);

        const read = await store.readStream(streamId);
        expect(read.map((e) => e.streamVersion)).toEqual([0, 1]);
        read.forEach((e, i) => {
          const w = written[i]!;
          expect(e).toMatchObject({ id: w.id, type: w.type, schemaVersion: w.schemaVersion, data: w.data, streamId });
          expect(e.metadata).toEqual(w.metadata);
          expect(e.timestamp).toBeInstanceOf(Date);
          expect(Math.abs(e.timestamp.getTime() - Date.now())).toBeLessThan(60_000);
        });
        expect(result.checkpoint).toBe(read[1]!.checkpoint);
        expect(store.compareCheckpoints(read[0]!.checkpoint, read[1]!.checkpoint)).toBeLessThan(0);
        expect(store.compareCheckpoints(read[1]!.checkpoint, read[1]!.checkpoint)).toBe(0);
        expect(store.compareCheckpoints(read[1]!.checkpoint, read[0]!.checkpoint)).toBeGreaterThan(0);
      });

      it('appends with an exact expected version and keeps the schema version', async () => {
        const streamId = `${uniquePrefix()}-a`;
        await store.append(streamId, events(2), { expectedVersion: 'no_stream' });
        const third = { ...newEvent('Third'), schemaVersion: 3 };
        const result = await store.append(streamId, [third], { expectedVersion: 1 });
        expect(result.nextExpectedVersion).toBe(2);
        const more = await store.append(streamId, events(2), { expectedVersion: result.nextExpectedVersion });
        expect(more.nextExpectedVersion).toBe(4);
        const read = await store.readStream(streamId);
        expect(read.map((e) => e.streamVersion)).toEqual([0, 1, 2, 3, 4]);
        expect(read[2]).toMatchObject({ id: third.id, type: 'Third', schemaVersion: 3 });
      });

      it('appends with any, to a missing and to an existing stream', async () => {
        const streamId = `${uniquePrefix()}-a`;
        expect((await store.append(streamId, events(1), { expectedVersion: 'any' })).nextExpectedVersion).toBe(0);
        expect((await store.append(streamId, events(2), { expectedVersion: 'any' })).nextExpectedVersion).toBe(2);
        expect((await store.readStream(streamId)).map((e) => e.streamVersion)).toEqual([0, 1, 2]);
      });

      it('reads an empty array for a missing stream', async () => {
        expect(await store.readStream(`${uniquePrefix()}-missing`)).toEqual([]);
      });

      it('keeps streams apart', async () => {
        const prefix = uniquePrefix();
        const a = events(2);
        const b = events(3);
        await store.append(`${prefix}-a`, a, { expectedVersion: 'no_stream' });
        await store.append(`${prefix}-b`, b, { expectedVersion: 'no_stream' });
        expect((await store.readStream(`${prefix}-a`)).map((e) => e.id)).toEqual(a.map((e) => e.id));
        expect((await store.readStream(`${prefix}-b`)).map((e) => e.id)).toEqual(b.map((e) => e.id));
      });
    });

    describe('expected version conflicts', () => {
      it('rejects an exact version on a missing stream (actual: no_stream)', async () => {
        const streamId = `${uniquePrefix()}-c`;
        await expectConflict(store.append(streamId, events(1), { expectedVersion: 0 }), {
          streamId,
          expected: 0,
          actual: 'no_stream',
        });
        expect(await store.readStream(streamId)).toEqual([]);
      });

      it('rejects no_stream on an existing stream (actual: its version)', async () => {
        const streamId = `${uniquePrefix()}-c`;
        await store.append(streamId, events(2), { expectedVersion: 'no_stream' });
        await expectConflict(store.append(streamId, events(1), { expectedVersion: 'no_stream' }), {
          streamId,
          expected: 'no_stream',
          actual: 1,
        });
      });

      it('rejects a stale exact version (actual: the current version)', async () => {
        const streamId = `${uniquePrefix()}-c`;
        await store.append(streamId, events(3), { expectedVersion: 'no_stream' });
        await expectConflict(store.append(streamId, events(1), { expectedVersion: 0 }), {
          streamId,
          expected: 0,
          actual: 2,
        });
        await expectConflict(store.append(streamId, events(1), { expectedVersion: 5 }), {
          streamId,
          expected: 5,
          actual: 2,
        });
        expect((await store.readStream(streamId)).length).toBe(3);
      });

      it('writes nothing of a conflicting multi-event append', async () => {
        const prefix = uniquePrefix();
        const streamId = `${prefix}-c`;
        const start = await settledHead(store);
        const first = events(2);
        const appended = await store.append(streamId, first, { expectedVersion: 'no_stream' });
        const rejected = events(4, 'Rejected');
        await expectConflict(store.append(streamId, rejected, { expectedVersion: 0 }), { streamId, expected: 0, actual: 1 });
        const onMissing = events(3, 'Rejected');
        await expectConflict(store.append(`${prefix}-missing`, onMissing, { expectedVersion: 2 }), {
          streamId: `${prefix}-missing`,
          expected: 2,
          actual: 'no_stream',
        });

        expect((await store.readStream(streamId)).map((e) => e.id)).toEqual(first.map((e) => e.id));
        expect(await store.readStream(`${prefix}-missing`)).toEqual([]);
        await waitVisible(store, appended.checkpoint);
        const all = (await readAllToEnd(store, start, 100)).events.filter((e) => e.streamId.startsWith(prefix));
        expect(all.map((e) => e.id)).toEqual(first.map((e) => e.id));

        // The stream still takes the right next version.
        const next = await store.append(streamId, events(1), { expectedVersion: 1 });
        expect(next.nextExpectedVersion).toBe(2);
      });

      it('lets exactly one of two racing appends with the same expected version win', async () => {
        const streamId = `${uniquePrefix()}-race`;
        await store.append(streamId, events(1), { expectedVersion: 'no_stream' });
        const results = await Promise.allSettled(
          Array.from({ length: 5 }, () => store.append(streamId, events(2), { expectedVersion: 0 })),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) {
          if (r.status === 'rejected') {
            expect(r.reason).toBeInstanceOf(WrongExpectedVersionError);
            expect((r.reason as WrongExpectedVersionError).actual).toBe(2);
          }
        }
        expect((await store.readStream(streamId)).map((e) => e.streamVersion)).toEqual([0, 1, 2]);
      });
    });

    describe('readAll and headCheckpoint', () => {
      it('reads all in batches from null and from a checkpoint, without duplicates, in per-stream order', async () => {
        const prefix = uniquePrefix();
        const versions = new Map<string, number>();
        const appended: string[] = [];
        let lastCheckpoint = '';
        // 9 events over 3 streams, interleaved, one append with 2 events.
        for (const [stream, count] of [['a', 1], ['b', 1], ['a', 2], ['c', 1], ['b', 1], ['a', 1], ['c', 1], ['b', 1]] as const) {
          const streamId = `${prefix}-${stream}`;
          const batch = events(count);
          const current = versions.get(streamId);
          const result = await store.append(streamId, batch, { expectedVersion: current ?? 'no_stream' });
          versions.set(streamId, result.nextExpectedVersion);
          appended.push(...batch.map((e) => e.id));
          lastCheckpoint = result.checkpoint;
        }
        await waitVisible(store, lastCheckpoint);

        const fromNull = await readAllToEnd(store, null, 3);
        expectNoDuplicates(fromNull.events, 'readAll from null');
        expectStrictlyIncreasing(store, fromNull.events);
        const own = fromNull.events.filter((e) => e.streamId.startsWith(prefix));
        expect(own.map((e) => e.id)).toEqual(appended);
        expectStreamOrderConsistent(own);
        for (const streamId of versions.keys()) {
          const stream = await store.readStream(streamId);
          expect(own.filter((e) => e.streamId === streamId).map((e) => e.checkpoint)).toEqual(stream.map((e) => e.checkpoint));
        }

        // From a checkpoint: strictly after it, nothing before it.
        const third = own[2]!;
        const fromThird = await readAllToEnd(store, third.checkpoint, 2);
        expect(fromThird.events.map((e) => e.id)).toEqual(appended.slice(3));
        expect(fromThird.events.every((e) => store.compareCheckpoints(e.checkpoint, third.checkpoint) > 0)).toBe(true);

        // At the end: an empty batch that keeps the checkpoint.
        const atEnd = await store.readAll({ after: fromNull.checkpoint, limit: 5 });
        expect(atEnd).toEqual({ events: [], checkpoint: fromNull.checkpoint, isEnd: true });

        // A full batch is not the end.
        const firstTwo = await store.readAll({ after: own[0]!.checkpoint, limit: 2 });
        expect(firstTwo.events.map((e) => e.id)).toEqual(appended.slice(1, 3));
        expect(firstTwo.isEnd).toBe(false);
        expect(firstTwo.checkpoint).toBe(firstTwo.events[1]!.checkpoint);
      });

      it('reports the head checkpoint of the newest visible event', async () => {
        const before = await store.headCheckpoint();
        if (before === null) {
          expect((await store.readAll({ after: null, limit: 1 })).events).toEqual([]);
        }
        const streamId = `${uniquePrefix()}-h`;
        const first = await store.append(streamId, events(2), { expectedVersion: 'no_stream' });
        await waitVisible(store, first.checkpoint);
        expect(await store.headCheckpoint()).toBe(first.checkpoint);
        const second = await store.append(`${streamId}-other`, events(1), { expectedVersion: 'any' });
        await waitVisible(store, second.checkpoint);
        const head = await store.headCheckpoint();
        expect(head).toBe(second.checkpoint);
        expect(store.compareCheckpoints(first.checkpoint, head!)).toBeLessThan(0);
        if (before !== null) expect(store.compareCheckpoints(before, head!)).toBeLessThan(0);
        expect(await store.readAll({ after: head, limit: 10 })).toEqual({ events: [], checkpoint: head, isEnd: true });
      });
    });

    describe('subscribe', () => {
      it('catches up in batches, then delivers live events', async () => {
        const streamId = `${uniquePrefix()}-s`;
        const start = await settledHead(store);
        const pre = events(5);
        let version: ExpectedVersion = 'no_stream';
        let lastCheckpoint = start;
        for (const e of pre) {
          const result = await store.append(streamId, [e], { expectedVersion: version });
          version = result.nextExpectedVersion;
          lastCheckpoint = result.checkpoint;
        }
        await waitVisible(store, lastCheckpoint); // so that the catch-up reads see all 5

        const sub = track(collect(store, { after: start, batchSize: 2 }));
        await waitFor(() => sub.events.length >= 5, 'catch-up of 5 events');
        expect(sub.events.map((e) => e.id)).toEqual(pre.map((e) => e.id));
        expect(sub.batches.every((b) => b.ids.length >= 1 && b.ids.length <= 2)).toBe(true);
        const last = sub.batches[sub.batches.length - 1]!;
        expect(last.ids[last.ids.length - 1]).toBe(pre[4]!.id);
        expect(last.caughtUp, 'the batch that reaches the head is caught up').toBe(true);
        expect(sub.batches.slice(0, -1).every((b) => !b.caughtUp), 'earlier catch-up batches are not caught up').toBe(true);

        const live = events(3);
        for (const e of live) {
          const before = sub.events.length;
          version = (await store.append(streamId, [e], { expectedVersion: version })).nextExpectedVersion;
          await waitFor(() => sub.events.length > before, 'a live event');
          expect(sub.batches[sub.batches.length - 1]!.caughtUp).toBe(true);
        }
        const multi = events(3);
        await store.append(streamId, multi, { expectedVersion: version });
        await waitFor(() => sub.events.length >= 11, 'a live multi-event append');
        expect(sub.events.map((e) => e.id)).toEqual([...pre, ...live, ...multi].map((e) => e.id));
        expect(sub.events.map((e) => e.streamVersion)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(sub.batches.every((b) => b.ids.length <= 2)).toBe(true);
        expect(sub.error).toBeNull();
      });

      it('from a checkpoint delivers only later events', async () => {
        const streamId = `${uniquePrefix()}-s`;
        const written = events(4);
        await store.append(streamId, written.slice(0, 2), { expectedVersion: 'no_stream' });
        const [, second] = await store.readStream(streamId);
        await store.append(streamId, written.slice(2), { expectedVersion: 1 });

        const sub = track(collect(store, { after: second!.checkpoint, batchSize: 10 }));
        await waitFor(() => sub.events.length >= 2, 'the 2 events after the checkpoint');
        const later = newEvent('Later');
        await store.append(streamId, [later], { expectedVersion: 3 });
        await waitFor(() => sub.events.length >= 3, 'the live event');
        await sleep(150);
        expect(sub.events.map((e) => e.id)).toEqual([written[2]!.id, written[3]!.id, later.id]);
      });

      it('stop() waits for the batch in flight, ends the subscription and resolves done', async () => {
        const streamId = `${uniquePrefix()}-s`;
        const start = await settledHead(store);
        await store.append(streamId, events(1), { expectedVersion: 'no_stream' });
        let inFlight = false;
        let finishedBatches = 0;
        const sub = track(
          collect(store, {
            after: start,
            onBatch: async () => {
              inFlight = true;
              await sleep(200);
              inFlight = false;
              finishedBatches++;
            },
          }),
        );
        await waitFor(() => inFlight, 'the first batch to start');
        await sub.subscription.stop();
        expect(inFlight).toBe(false);
        expect(finishedBatches).toBe(1);
        await expect(sub.subscription.done).resolves.toBeUndefined();

        await store.append(streamId, events(1), { expectedVersion: 0 });
        await sleep(300);
        expect(sub.events).toHaveLength(1);
        expect(sub.error).toBeNull();
        await sub.subscription.stop(); // idempotent
      });

      it('ends when its abort signal fires', async () => {
        const controller = new AbortController();
        const sub = track(collect(store, { after: await settledHead(store), signal: controller.signal }));
        await sleep(50);
        controller.abort();
        await expect(sub.subscription.done).resolves.toBeUndefined();
        await store.append(`${uniquePrefix()}-s`, events(1), { expectedVersion: 'no_stream' });
        await sleep(200);
        expect(sub.events).toEqual([]);
      });

      it('rejects done when onBatch fails, and delivers nothing more', async () => {
        const streamId = `${uniquePrefix()}-s`;
        const start = await settledHead(store);
        await store.append(streamId, events(3), { expectedVersion: 'no_stream' });
        const failure = new Error('projection failed');
        let calls = 0;
        const subscription = store.subscribe({
          after: start,
          batchSize: 1,
          onBatch: async () => {
            calls++;
            if (calls === 2) throw failure;
          },
        });
        subscriptions.push(subscription);
        await expect(subscription.done).rejects.toBe(failure);
        await store.append(streamId, events(1), { expectedVersion: 2 });
        await sleep(200);
        expect(calls).toBe(2);
      });
    });

    describe('under concurrent writers', () => {
      it('every subscriber sees every committed event exactly once, in the global order', { timeout: 60_000 }, async () => {
        const prefix = uniquePrefix();
        const WRITERS = 20;
        const APPENDS = 50;
        const start = await settledHead(store);

        // Live subscribers, started before any writer: one from the head (small batches), one from the beginning.
        const fromHead = track(collect(store, { after: start, batchSize: 7 }));
        const fromBeginning = track(collect(store, { after: null, batchSize: 500 }));
        await sleep(50);

        const t0 = Date.now();
        const committed = new Set<string>();
        const multiAppends: string[][] = [];
        let appendsDone = 0;
        let conflicts = 0;

        // Postgres: a deliberately slow transaction holding an early position while later ones commit,
        // and a rolled-back one.
        const slowEvent = newEvent('SlowlyCommitted');
        const rolledBackEvent = newEvent('RolledBack');
        let slowTask: Promise<void> = Promise.resolve();
        let rollbackTask: Promise<void> = Promise.resolve();
        let committedAfterSlowStarted = -1;
        if (ctx.rawPool) {
          const rawPool = ctx.rawPool;
          const slowClient = await rawPool.connect();
          await slowClient.query('BEGIN');
          await slowClient.query(ES_APPEND_SQL, esAppendParams(`${prefix}-slow`, 'no_stream', [slowEvent]));
          slowTask = (async () => {
            try {
              await sleep(1500);
              committedAfterSlowStarted = appendsDone;
              await slowClient.query('COMMIT');
              committed.add(slowEvent.id);
            } finally {
              slowClient.release();
            }
          })();
          rollbackTask = (async () => {
            await sleep(200);
            const client = await rawPool.connect();
            try {
              await client.query('BEGIN');
              await client.query(ES_APPEND_SQL, esAppendParams(`${prefix}-rolled-back`, 'any', [rolledBackEvent]));
              await client.query('SELECT pg_sleep(0.4)');
              await client.query('ROLLBACK');
            } finally {
              client.release();
            }
          })();
        }

        // Shared hot streams: optimistic concurrency with retries on conflicts, using the reported version.
        const hotVersion = new Map<string, ExpectedVersion>();
        const appendHot = async (streamId: string, batch: NewEvent[]) => {
          for (let attempt = 0; ; attempt++) {
            const expectedVersion = hotVersion.get(streamId) ?? 'no_stream';
            try {
              const result = await store.append(streamId, batch, { expectedVersion });
              const known = hotVersion.get(streamId);
              if (typeof known !== 'number' || known < result.nextExpectedVersion) hotVersion.set(streamId, result.nextExpectedVersion);
              return;
            } catch (err) {
              if (!(err instanceof WrongExpectedVersionError) || attempt > 200) throw err;
              conflicts++;
              expect(err.actual).not.toEqual(expectedVersion);
              hotVersion.set(streamId, err.actual);
            }
          }
        };

        const writer = async (w: number) => {
          const own = new Map<string, number>();
          for (let i = 0; i < APPENDS; i++) {
            await sleep(15 + Math.floor(Math.random() * 40)); // about 1.7 s per writer: past the slow COMMIT at 1.5 s
            const batch = i % 10 === 9 ? events(3, `Writer${w}Multi`) : events(1, `Writer${w}`);
            if (i % 4 === 0) {
              await appendHot(`${prefix}-hot-${i % 3}`, batch);
            } else {
              const streamId = `${prefix}-w${w}-${i % 5}`;
              const result = await store.append(streamId, batch, { expectedVersion: own.get(streamId) ?? 'no_stream' });
              own.set(streamId, result.nextExpectedVersion);
            }
            for (const e of batch) committed.add(e.id);
            if (batch.length > 1) multiAppends.push(batch.map((e) => e.id));
            appendsDone++;
          }
        };
        await Promise.all([...Array.from({ length: WRITERS }, (_, w) => writer(w)), slowTask, rollbackTask]);
        const writeMs = Date.now() - t0;

        const expectedCount = WRITERS * (APPENDS + 2 * (APPENDS / 10)) + (ctx.rawPool ? 1 : 0);
        expect(committed.size).toBe(expectedCount);
        if (ctx.rawPool) {
          expect(committedAfterSlowStarted, 'later appends committed while the slow transaction was open').toBeGreaterThan(0);
          expect(committedAfterSlowStarted, 'appends still running when the slow transaction committed').toBeLessThan(WRITERS * APPENDS);
        }

        const ownIds = (list: RecordedEvent[]) => list.filter((e) => e.streamId.startsWith(prefix)).map((e) => e.id);
        try {
          await waitFor(
            () => ownIds(fromHead.events).length >= committed.size && ownIds(fromBeginning.events).length >= committed.size,
            `both subscribers to receive ${committed.size} events`,
            15_000,
          );
        } catch (err) {
          const visible = (await readAllToEnd(store, start, 500)).events;
          const describeSub = (sub: Collected) => {
            const got = new Set(ownIds(sub.events));
            const missing = [...committed].filter((id) => !got.has(id));
            const last = sub.events[sub.events.length - 1];
            const missingVisible = missing.filter((id) => visible.some((e) => e.id === id));
            return (
              `received ${got.size}, missing ${missing.length} (${missingVisible.length} of them visible to readAll), ` +
              `last checkpoint ${last?.checkpoint ?? 'none'}, error ${String(sub.error)}, settled ${sub.settled}`
            );
          };
          const got = new Set(ownIds(fromHead.events));
          const missingCps = fromBeginning.events.filter((e) => e.streamId.startsWith(prefix) && !got.has(e.id)).map((e) => e.checkpoint);
          throw new Error(
            `${(err as Error).message}\n  start ${start}, missing from the head subscriber: first ${missingCps[0]}, last ${missingCps[missingCps.length - 1]}` +
              `\n  readAll from the start sees ${ownIds(visible).length}, head ${await store.headCheckpoint()}` +
              `\n  from head: ${describeSub(fromHead)}\n  from beginning: ${describeSub(fromBeginning)}`,
          );
        }
        await sleep(300); // room for a duplicate or a stray event to show up
        const deliverMs = Date.now() - t0;

        // A fresh read of the global order, after the fact.
        const afterStart = await readAllToEnd(store, start, 100);
        const everything = await readAllToEnd(store, null, 250);
        expectNoDuplicates(everything.events, 'readAll');
        expectStrictlyIncreasing(store, everything.events);
        expect(new Set(ownIds(afterStart.events))).toEqual(committed);
        expect(afterStart.events.some((e) => e.id === rolledBackEvent.id)).toBe(false);

        for (const [label, sub, reference] of [
          ['subscriber from the head', fromHead, afterStart.events],
          ['subscriber from the beginning', fromBeginning, everything.events],
        ] as const) {
          expect(sub.error, label).toBeNull();
          expectNoDuplicates(sub.events, label);
          expect(sub.events.map((e) => e.checkpoint), `${label}: same order as readAll`).toEqual(reference.map((e) => e.checkpoint));
          expect(sub.events.map((e) => e.id)).toEqual(reference.map((e) => e.id));
          expect(sub.events.some((e) => e.id === rolledBackEvent.id), `${label}: rolled-back event`).toBe(false);
          if (ctx.rawPool) expect(sub.events.filter((e) => e.id === slowEvent.id), `${label}: slow event`).toHaveLength(1);
        }
        expect(fromHead.batches.every((b) => b.ids.length <= 7)).toBe(true);

        // Per-stream order, multi-event appends contiguous, and streams match readStream.
        const own = afterStart.events.filter((e) => e.streamId.startsWith(prefix));
        expectStreamOrderConsistent(own);
        const index = new Map(own.map((e, i) => [e.id, i]));
        for (const ids of multiAppends) {
          const first = index.get(ids[0]!)!;
          expect(ids.map((id) => index.get(id)), 'a multi-event append is contiguous in the global order').toEqual([first, first + 1, first + 2]);
        }
        for (const streamId of new Set(own.map((e) => e.streamId))) {
          const stream = await store.readStream(streamId);
          expect(stream.map((e) => e.id)).toEqual(own.filter((e) => e.streamId === streamId).map((e) => e.id));
        }
        expect(await store.readStream(`${prefix}-rolled-back`)).toEqual([]);

        await Promise.all([fromHead.subscription.stop(), fromBeginning.subscription.stop()]);
        expect(fromHead.error).toBeNull();
        expect(fromBeginning.error).toBeNull();
        console.info(
          `[${name}] ${committed.size} events by ${WRITERS} writers (${conflicts} retried conflicts on hot streams): ` +
            `written in ${writeMs} ms, all delivered ${deliverMs - 300} ms after the start`,
        );
      });
    });
  });
}
