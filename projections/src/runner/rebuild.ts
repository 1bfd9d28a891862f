/**
 * Rebuilds a projection into a NEW generation while the live one keeps serving, then swaps atomically
 * (STACK.md, "Projections": "A rebuild command shows progress and can run while the API serves the old
 * read model, then swaps").
 *
 * 1. allocate generation N (own advisory lock `<name>:gN`, held on a dedicated connection), create its tables;
 * 2. replay every event in batches, one short transaction per batch (a long transaction would hold back
 *    what every event reader can see);
 * 3. swap in ONE transaction: lock the `projection_state` row (a live runner's next batch waits on it),
 *    apply the tail since the rebuild's checkpoint, point the views at generation N, write
 *    generation + checkpoint + version;
 * 4. drop the previous generation's tables.
 * A live runner notices the new generation when it locks the row for its next batch and continues after
 * the swap's checkpoint, so nothing is applied twice or skipped.
 */
import type pg from 'pg';
import type { EventStore, ReadAllResult } from '@crm/contracts';
import { type ProjectionDefinition, type ProjectionLogger, type SqlQueryable, physicalTables, quoteIdent, silentLogger, validateDefinition } from './projection.ts';
import { DeferredKeys, bulkQueryable, deferPrimaryKeys } from './read-model-table.ts';
import {
  BEGIN_ASYNC_COMMIT,
  allocateGeneration,
  applyEvents,
  assertInOrder,
  connectDedicated,
  dropGenerationTables,
  loadOrInitState,
  pointViews,
  readState,
  withTransaction,
} from './projection-state.ts';

export interface RebuildProgressFn {
  (done: number, total: number, eventsPerSec: number): void;
}

export interface RebuildOptions {
  pool: pg.Pool;
  store: EventStore;
  /** Events per replay transaction (default 2000). */
  batchSize?: number;
  /** Called after every committed batch and once after the swap. */
  onProgress?: RebuildProgressFn;
  /**
   * Number of events to replay, or a function counting them (e.g. a `COUNT(*)` on the event table).
   * Default: counted through `store.readAll` up to the head (adapter-neutral, reads the events once).
   */
  total?: number | (() => Promise<number>);
  signal?: AbortSignal;
  log?: ProjectionLogger;
  /** Test hook: runs after the replay, before the swap transaction. */
  beforeSwap?: () => Promise<void>;
}

export interface RebuildResult {
  /** Events replayed (including the tail applied during the swap). */
  events: number;
  seconds: number;
  eventsPerSec: number;
  /** The generation now live. */
  generation: number;
  /** The generation it replaced (its tables are dropped). */
  previousGeneration: number;
  /** Wall-clock seconds of each stage: replay (read + apply), indexes, analyze, swap (tail + views + state). */
  stages: { replay: number; indexes: number; analyze: number; swap: number };
}

/** Counts the events visible now, through the store's public API. */
export async function countEvents(store: EventStore, pageSize = 10_000): Promise<number> {
  let after: string | null = null;
  let n = 0;
  for (;;) {
    const page = await store.readAll({ after, limit: pageSize });
    n += page.events.length;
    after = page.checkpoint;
    if (page.isEnd) return n;
  }
}

export async function rebuildProjection(def: ProjectionDefinition, options: RebuildOptions): Promise<RebuildResult> {
  validateDefinition(def);
  const { pool, store, signal } = options;
  const batchSize = options.batchSize ?? 2000;
  const log = options.log ?? silentLogger;

  // Make sure a live generation (and its views) exists, so the API has something to serve meanwhile.
  await loadOrInitState(pool, def);

  const genClient = await connectDedicated(pool);
  let generation: number | null = null;
  let swapped = false;
  try {
    generation = await allocateGeneration(genClient, def);
    const physical = physicalTables(def, generation);
    await pool.query(`UPDATE projection_state SET status = 'rebuilding', updated_at = now() WHERE name = $1`, [def.name]);
    log.info({ projection: def.name, generation, version: def.version }, 'projection rebuild started');

    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    let total =
      typeof options.total === 'number' ? options.total : options.total ? await options.total() : await countEvents(store);
    let done = 0;
    const progress = () => {
      total = Math.max(total, done);
      options.onProgress?.(done, total, rate(done, elapsed()));
    };
    progress();

    // Bulk load: the next page is read while the current one is applied, and a batch's COPY runs while the
    // next one is applied (see BatchPipeline). Batches commit without waiting for the WAL flush: a crash
    // mid-rebuild abandons this generation anyway (the next rebuild drops it), and the swap below commits
    // synchronously.
    let after: string | null = null;
    const memo = new Map<string, unknown>();
    // The new tables' primary keys are built after the load (with the other indexes) unless a batch needs them.
    const deferred = new DeferredKeys(await deferPrimaryKeys(pool, Object.values(physical)));
    const reading = { after, limit: batchSize, metadata: def.readsMetadata !== false, ...(def.eventTypes ? { types: def.eventTypes } : {}) };
    const batches = new BatchPipeline(pool, memo, deferred);
    try {
      for await (const page of replayPages(store, reading)) {
        signal?.throwIfAborted();
        assertInOrder(store, after, page.events);
        const events = page.events;
        if (events.length > 0) {
          await batches.run(
            (c) => applyEvents(c, def, events, physical),
            () => {
              done += events.length;
              progress();
            },
          );
        }
        after = page.checkpoint;
      }
      await batches.drain();
    } finally {
      // On an error, what is still in flight ends first (the generation's tables are dropped next).
      await batches.settle();
    }

    const replayed = performance.now();
    signal?.throwIfAborted();
    const indexed = performance.now();
    const keys = deferred.keys;
    if (def.indexes || keys.length > 0) {
      await withTransaction(pool, async (c) => {
        // Index builds (GIN above all) are far faster with room to sort in memory.
        await c.query(`SET LOCAL maintenance_work_mem = '${INDEX_MEMORY}'`);
        const builder = concurrentIndexBuilds(pool, c);
        try {
          // Each deferred key as a unique index built beside the others, then made the primary key (no scan).
          for (const key of keys) await builder.client.query(key.indexSql);
          await def.indexes?.(builder.client, physical);
        } finally {
          await builder.finish();
        }
        for (const key of keys) {
          await c.query(`ALTER TABLE ${quoteIdent(key.table)} ADD CONSTRAINT ${quoteIdent(key.constraint)} PRIMARY KEY USING INDEX ${quoteIdent(key.constraint)}`);
        }
        deferred.clear();
      });
      log.info({ projection: def.name, generation, ms: Math.round(performance.now() - indexed) }, 'projection indexes built');
    }
    // Statistics before the swap: a new table has none until autovacuum gets to it, and without them the
    // planner guesses (it took 0.5 % of the customers for `deleted_at IS NULL`, and its plan 500 times as long).
    const analyzing = performance.now();
    for (const table of Object.values(physical)) await pool.query(`ANALYZE ${quoteIdent(table)}`);
    await options.beforeSwap?.();
    const swapping = performance.now();

    const { tail, previous } = await withTransaction(pool, async (c) => {
      const state = await readState(c, def.name, true);
      if (!state) throw new Error(`projection_state row of ${def.name} disappeared during the rebuild`);
      let tail = 0;
      for (;;) {
        const page = await store.readAll({ after, limit: batchSize });
        assertInOrder(store, after, page.events);
        if (page.events.length > 0) {
          await applyEvents(c, def, page.events, physical);
          after = page.checkpoint;
          tail += page.events.length;
        }
        if (page.isEnd) break;
      }
      await pointViews(c, physical);
      await c.query(
        `UPDATE projection_state SET generation = $2, version = $3, checkpoint = $4, status = 'live', updated_at = now()
         WHERE name = $1`,
        [def.name, generation, def.version, after],
      );
      return { tail, previous: state.generation };
    });
    swapped = true;
    const stages = {
      replay: (replayed - started) / 1000,
      indexes: (analyzing - indexed) / 1000,
      analyze: (swapping - analyzing) / 1000,
      swap: (performance.now() - swapping) / 1000,
    };
    done += tail;
    progress();

    try {
      await dropGenerationTables(pool, def, previous);
    } catch (err) {
      // Left behind as an orphan: the next rebuild drops it.
      log.warn({ projection: def.name, generation: previous, err }, 'could not drop the previous generation');
    }
    const seconds = elapsed();
    log.info({ projection: def.name, generation, previous, events: done, seconds }, 'projection rebuild swapped in');
    return { events: done, seconds, eventsPerSec: rate(done, seconds), generation, previousGeneration: previous, stages };
  } catch (err) {
    if (generation !== null && !swapped) {
      await dropGenerationTables(pool, def, generation).catch(() => {});
      await pool
        .query(`UPDATE projection_state SET status = 'live', updated_at = now() WHERE name = $1 AND status = 'rebuilding'`, [def.name])
        .catch(() => {});
    }
    throw err;
  } finally {
    await genClient.end().catch(() => {});
  }
}

const INDEX_MEMORY = '256MB';
const CREATE_INDEX = /^\s*CREATE\s+(UNIQUE\s+)?INDEX\s/i;
const GIN_INDEX = /\sUSING\s+gin\s/i;
/** Statements that neither write nor lock anything a concurrent index build needs. */
const HARMLESS = /^\s*(SELECT|SAVEPOINT|RELEASE|ROLLBACK\s+TO)\s/i;

/**
 * The client `def.indexes` gets in a rebuild: its CREATE INDEX statements run at the same time, each on its own
 * pooled connection and transaction (a btree sort beside the trigram GIN build keeps both cores busy), and the
 * call returns at once; anything else runs on `main` (the caller's transaction) after the builds issued
 * before it have finished, and once `main` has written (e.g. CREATE EXTENSION, ALTER TABLE), the later index
 * builds run on `main` too, after it (they might need what it did, or wait on its locks). `finish` waits for
 * every build and throws the first error (the rebuild then drops the generation).
 *
 * The builds issued together start together, GIN ones first: a GIN build (trigrams) takes several times a
 * btree's and is the only one long enough to gain from PostgreSQL's parallel workers, which the builds get in
 * the order they start (two each, seven for the whole cluster by default): issued last, it got none, and ran
 * alone on one core for most of the stage.
 */
function concurrentIndexBuilds(pool: pg.Pool, main: pg.ClientBase) {
  let queued: string[] = [];
  let pending: Promise<unknown>[] = [];
  let mainWrote = false;
  // Leaves a connection of the pool to the others (main holds one); past that, builds run on main, one by one.
  const maxBuilds = Math.min(6, (pool.options.max ?? 10) - 2);
  const start = () => {
    for (const sql of [...queued.filter((q) => GIN_INDEX.test(q)), ...queued.filter((q) => !GIN_INDEX.test(q))]) {
      const running = build(sql);
      running.catch(() => {}); // reported by finish()
      pending.push(running);
    }
    queued = [];
  };
  const settle = async () => {
    start();
    const builds = pending;
    pending = [];
    const outcomes = await Promise.allSettled(builds);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  };
  const build = async (sql: string) => {
    const client = await pool.connect();
    let broken: unknown;
    try {
      await client.query(`BEGIN; SET LOCAL maintenance_work_mem = '${INDEX_MEMORY}'`);
      await client.query(sql);
      await client.query('COMMIT');
    } catch (err) {
      broken = err;
      throw err;
    } finally {
      // A failed build leaves its transaction open: that connection is closed, not pooled.
      client.release(broken instanceof Error ? broken : broken === undefined ? undefined : true);
    }
  };
  const client: SqlQueryable = {
    async query(text, values) {
      if (!mainWrote && queued.length + pending.length < maxBuilds && values === undefined && CREATE_INDEX.test(text)) {
        queued.push(text);
        return { rows: [], rowCount: null };
      }
      if (!HARMLESS.test(text)) {
        await settle();
        mainWrote = true;
      }
      return main.query(text, values);
    },
  };
  return { client, finish: settle };
}

/**
 * A rebuild's replay batches, two in flight on two pooled connections: batch N's COPY (and commit) runs while
 * batch N+1 is decoded and applied, instead of Node and PostgreSQL taking turns on one connection. Each batch
 * is its own transaction (asynchronous commit), and they commit in order. What a batch must see of the one
 * before waits for its commit (any statement but a COPY of checked keys: `bulkQueryable`'s `previous`); the
 * batches are applied one after the other in Node, so the written keys and the memo follow the events' order.
 */
class BatchPipeline {
  /** The last batch's end (its commit), and the one before it. */
  private last: Promise<void> = Promise.resolve();
  private beforeLast: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly memo: Map<string, unknown>,
    private readonly deferred: DeferredKeys,
  ) {}

  /**
   * Applies a batch in a new transaction and returns once `apply` has: its COPYs and commit go on meanwhile,
   * then `committed` runs. Throws a failed earlier batch's error.
   */
  async run(apply: (client: SqlQueryable) => Promise<void>, committed: () => void): Promise<void> {
    // Two transactions at most: the batch before the last one has ended.
    await this.beforeLast;
    const previous = this.last;
    const client = await this.pool.connect();
    const bulk = bulkQueryable(client, this.memo, this.deferred, previous);
    try {
      await client.query(BEGIN_ASYNC_COMMIT);
      await apply(bulk);
    } catch (err) {
      await bulk.settled().catch(() => {}); // a COPY it sent before failing
      await rollBack(client);
      throw err;
    }
    const end = (async () => {
      const [own, before] = await Promise.allSettled([bulk.settled(), previous]);
      const failed = before.status === 'rejected' ? before : own.status === 'rejected' ? own : null;
      if (failed) {
        await rollBack(client);
        throw failed.reason;
      }
      try {
        await client.query('COMMIT');
      } catch (err) {
        await rollBack(client);
        throw err;
      }
      client.release();
      committed();
    })();
    end.catch(() => {}); // awaited by the next run, drain or settle
    this.beforeLast = previous;
    this.last = end;
  }

  /** Waits for every batch to commit; throws the first error. */
  async drain(): Promise<void> {
    await this.last;
  }

  /** Waits for every batch to end, committed or not. */
  async settle(): Promise<void> {
    await this.last.catch(() => {});
  }
}

/** Rolls back and returns the client to the pool (closed when even the rollback fails). */
async function rollBack(client: pg.PoolClient): Promise<void> {
  try {
    await client.query('ROLLBACK');
    client.release();
  } catch (err) {
    client.release(err instanceof Error ? err : new Error(String(err)));
  }
}

/** What an event store may offer for bulk reads (the PostgreSQL store's `readAllBulk`). */
interface BulkReader {
  readAllBulk(options: { after: string | null; limit: number; concurrency?: number; types?: readonly string[]; metadata?: boolean }): AsyncIterable<ReadAllResult>;
}

/**
 * The events to replay, page by page, the next page read while one is applied: through the store's bulk read
 * when it has one (only the projection's event types; one page ahead: two cost more CPU and gained nothing on
 * 2 cores, see the commit), else `readAll`.
 */
async function* replayPages(
  store: EventStore,
  options: { after: string | null; limit: number; types?: readonly string[]; metadata?: boolean },
): AsyncGenerator<ReadAllResult> {
  const bulk = store as Partial<BulkReader>;
  if (typeof bulk.readAllBulk === 'function') {
    yield* bulk.readAllBulk.call(store, { ...options, concurrency: 1 });
    return;
  }
  let next = store.readAll({ after: options.after, limit: options.limit });
  for (;;) {
    const page = await next;
    if (!page.isEnd) {
      next = store.readAll({ after: page.checkpoint, limit: options.limit });
      next.catch(() => {}); // awaited on the next turn (a rejection while this page is applied is not "unhandled")
    }
    yield page;
    if (page.isEnd) return;
  }
}

function rate(events: number, seconds: number): number {
  return seconds > 0 ? Math.round(events / seconds) : 0;
}
