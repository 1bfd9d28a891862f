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
import type { EventStore } from '@crm/contracts';
import { type ProjectionDefinition, type ProjectionLogger, physicalTables, quoteIdent, silentLogger, validateDefinition } from './projection.ts';
import { bulkQueryable } from './read-model-table.ts';
import {
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

    // Bulk load: the next page is read while the current one is applied. Batches commit without
    // waiting for the WAL flush: a crash mid-rebuild abandons this generation anyway (the next rebuild
    // drops it), and the swap below commits synchronously.
    let after: string | null = null;
    const memo = new Map<string, unknown>();
    let next = store.readAll({ after, limit: batchSize });
    for (;;) {
      signal?.throwIfAborted();
      const page = await next;
      assertInOrder(store, after, page.events);
      if (!page.isEnd) next = store.readAll({ after: page.checkpoint, limit: batchSize });
      if (page.events.length > 0) {
        await withTransaction(pool, async (c) => {
          await c.query('SET LOCAL synchronous_commit = off');
          await applyEvents(bulkQueryable(c, memo), def, page.events, physical);
        });
        after = page.checkpoint;
        done += page.events.length;
        progress();
      }
      if (page.isEnd) break;
    }

    signal?.throwIfAborted();
    if (def.indexes) {
      const indexed = performance.now();
      await withTransaction(pool, async (c) => {
        // Index builds (GIN above all) are far faster with room to sort in memory.
        await c.query(`SET LOCAL maintenance_work_mem = '256MB'`);
        await def.indexes!(c, physical);
      });
      log.info({ projection: def.name, generation, ms: Math.round(performance.now() - indexed) }, 'projection indexes built');
    }
    // Statistics before the swap: a new table has none until autovacuum gets to it, and without them the
    // planner guesses (it took 0.5 % of the customers for `deleted_at IS NULL`, and its plan 500 times as long).
    for (const table of Object.values(physical)) await pool.query(`ANALYZE ${quoteIdent(table)}`);
    await options.beforeSwap?.();

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
    return { events: done, seconds, eventsPerSec: rate(done, seconds), generation, previousGeneration: previous };
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

function rate(events: number, seconds: number): number {
  return seconds > 0 ? Math.round(events / seconds) : 0;
}
