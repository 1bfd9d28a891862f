/**
 * The reactor runner saves its checkpoint at most every `checkpointIntervalMs` (the first batch at once, the
 * last of a burst after the interval, and on stop), never an earlier checkpoint after a later one.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '@crm/contracts';
import { ensureReactorTables, loadReactorCheckpoint, runReactor, silentLogger } from '@crm/workers';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.ts';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { waitFor } from './support/helpers.ts';

const event = (): NewEvent => ({ id: randomUUID(), type: 'ReactorTested', schemaVersion: 1, data: {}, metadata: { correlationId: randomUUID() } });

describe('reactor checkpoint saving', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('external');
    pool = new pg.Pool({ connectionString: db.url, max: 6 });
    pool.on('error', () => {});
    await PostgresEventStore.migrate(pool);
    await ensureReactorTables(pool);
    store = new PostgresEventStore(pool, db.url, { pollIntervalMs: 50 });
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  it('saves the first batch at once, a burst once after the interval, and the last one on stop', async () => {
    const name = `test-${randomUUID().slice(0, 8)}`;
    const handled: RecordedEvent[] = [];
    const saves: string[] = [];
    const countingPool = Object.assign(Object.create(pool) as pg.Pool, {
      query: (...args: Parameters<pg.Pool['query']>) => {
        const [text, values] = args as unknown as [string, unknown[] | undefined];
        if (typeof text === 'string' && text.includes('INSERT INTO reactor_checkpoints')) saves.push(String(values?.[1]));
        return (pool.query as (...a: unknown[]) => unknown)(...args);
      },
    });
    const reactor = runReactor({
      pool: countingPool,
      store,
      log: silentLogger,
      batchSize: 1,
      checkpointIntervalMs: 1500,
      reactor: { name, handle: async (events) => void handled.push(...events) },
    });
    try {
      const first = await store.append(`r-${randomUUID()}`, [event()], { expectedVersion: 'no_stream' });
      await waitFor(async () => (await loadReactorCheckpoint(pool, name)) === first.checkpoint, { what: 'the first save' });
      expect(saves).toEqual([first.checkpoint]);

      // A burst of 5 batches (batchSize 1) within the interval: one save, of the last, after the interval.
      let last = first;
      for (let i = 0; i < 5; i++) last = await store.append(`r-${randomUUID()}`, [event()], { expectedVersion: 'no_stream' });
      await waitFor(() => handled.length === 6, { what: 'the burst handled' });
      expect(saves).toHaveLength(1);
      await waitFor(async () => (await loadReactorCheckpoint(pool, name)) === last.checkpoint, { what: 'the trailing save' });
      expect(saves).toEqual([first.checkpoint, last.checkpoint]);

      // Handled within the interval after that save, then stopped: stop saves it.
      const another = await store.append(`r-${randomUUID()}`, [event()], { expectedVersion: 'no_stream' });
      await waitFor(() => handled.length === 7, { what: 'the last event handled' });
      expect(saves).toHaveLength(2);
      await reactor.stop();
      expect(await loadReactorCheckpoint(pool, name)).toBe(another.checkpoint);
      expect(saves).toEqual([first.checkpoint, last.checkpoint, another.checkpoint]);
    } finally {
      await reactor.stop();
    }
  });

  it("gathers the events that arrive within a reactor's minBatchIntervalMs into its next batch; a lone event goes at once", async () => {
    const batches: string[][] = [];
    const head = (await store.readAll({ after: null, limit: 10_000 })).events.at(-1)?.checkpoint;
    const reactor = runReactor({
      pool,
      store,
      log: silentLogger,
      reactor: { name: `test-${randomUUID().slice(0, 8)}`, minBatchIntervalMs: 1_000, handle: async (events) => void batches.push(events.map((e) => e.checkpoint)) },
    });
    try {
      // The runner starts at the store's beginning: the earlier tests' events first, then the interval waited out,
      // so that what follows starts from a runner at rest. (Their reads may end early on the shared test server,
      // which held the lone event back into the next batch when it was appended while they were read.)
      await waitFor(() => batches.flat().includes(head!), { what: 'the earlier events' });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const before = batches.length;
      const started = Date.now();
      const lone = await store.append(`r-${randomUUID()}`, [event()], { expectedVersion: 'no_stream' });
      await waitFor(() => batches.length === before + 1, { what: 'the lone event' });
      expect(Date.now() - started).toBeLessThan(900);
      expect(batches[before]).toEqual([lone.checkpoint]);
      // Five appends while the runner waits out the interval: one batch of five, after the interval.
      const five: string[] = [];
      for (let i = 0; i < 5; i++) five.push((await store.append(`r-${randomUUID()}`, [event()], { expectedVersion: 'no_stream' })).checkpoint);
      await waitFor(() => batches.length === before + 2, { what: 'the gathered batch' });
      expect(batches[before + 1]).toEqual(five);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      // stop() does not wait out the interval.
      const stopping = Date.now();
      await reactor.stop();
      expect(Date.now() - stopping).toBeLessThan(900);
    } finally {
      await reactor.stop();
    }
  });

  it('reads a backlog without minBatchIntervalMs pauses: only a caught-up batch waits', async () => {
    for (let i = 0; i < 30; i++) await store.append(`r-${randomUUID()}`, [event()], { expectedVersion: 'no_stream' });
    const total = (await store.readAll({ after: null, limit: 10_000 })).events.length;
    const batches: { size: number; caughtUp: boolean; at: number }[] = [];
    const reactor = runReactor({
      pool,
      store,
      log: silentLogger,
      batchSize: 5,
      reactor: {
        name: `test-${randomUUID().slice(0, 8)}`,
        minBatchIntervalMs: 2_000,
        handle: async (events, info) => void batches.push({ size: events.length, caughtUp: info!.caughtUp, at: Date.now() }),
      },
    });
    try {
      // At least seven full batches of 5: with a pause after each, this would take over 14 s. A read may still end
      // early now and then, and its batch then counts as caught up and waits: another database's transaction on the
      // test server, seen running by the read horizon's snapshot and gone from pg_stat_activity a moment later,
      // holds the horizon back for that read.
      await waitFor(() => batches.reduce((sum, b) => sum + b.size, 0) === total, { what: 'the whole backlog', timeoutMs: 12_000 });
      const behind = batches.slice(0, -1).filter((b) => !b.caughtUp);
      expect(behind.length).toBeGreaterThanOrEqual(1);
      for (const [i, batch] of batches.slice(0, -1).entries()) {
        const gap = batches[i + 1]!.at - batch.at;
        if (batch.caughtUp) {
          expect(gap, `batch ${i} (caught up) waits`).toBeGreaterThanOrEqual(1_900);
        } else {
          // A batch with more behind it is full, and the next one follows at once.
          expect(batch.size, `batch ${i} (behind)`).toBe(5);
          expect(gap, `batch ${i} (behind) does not wait`).toBeLessThan(1_000);
        }
      }
    } finally {
      await reactor.stop();
    }
  });
});
