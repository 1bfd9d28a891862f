/**
 * Runs one projection: one instance per projection across all processes (a session advisory lock, taken through
 * the process's lock session: one dedicated connection for all its runners; a standby retries and takes over
 * when the holder dies or stops), catch-up in big
 * batches then live batches as events arrive. Every batch is one short transaction:
 *
 *   BEGIN; SET LOCAL synchronous_commit = off; apply(batch);
 *   SELECT projection_checkpoint(name, <attached generation>, <expected checkpoint>, <last event>);  -- raises: re-attach
 *   COMMIT
 *
 * apply's writes are held back and sent with BEGIN, the checkpoint and COMMIT in one simple query, so a batch
 * that only writes is one round trip (batch-client.ts); its reads go at once.
 *
 * so read-model rows and checkpoint move together (exactly-once effect). The guarded UPDATE in
 * projection_checkpoint (projection-state.ts) is the fence:
 * it takes the row lock, and when a rebuild's swap (which holds that lock) or another writer moved the row
 * meanwhile, READ COMMITTED re-checks the condition on the new row version, matches nothing, and the batch
 * rolls back (its rows went to the old generation's tables, which the swap abandons anyway).
 *
 * The batch does not wait for its WAL flush (asynchronous commit): a crash of PostgreSQL can lose the last
 * batches committed in the last few hundred ms (wal_writer_delay × 3 at most), but rows and checkpoint are
 * lost TOGETHER (one transaction, one commit record), so on restart the runner re-reads from the older
 * checkpoint and applies those events again: the read model is rebuildable from the event store by design,
 * and the events themselves are committed synchronously. Nor can a batch's commit outlive an earlier one's
 * loss (the WAL is flushed in order). It saves each batch an fsync (≈ 2 ms here), the biggest part of a
 * live batch's time, and spares the appends queueing behind those flushes. A batch with none of the
 * projection's `eventTypes` changes no row: its transaction is skipped unless the checkpoint was last written
 * `idleCheckpointMs` ago or more (then written, or a moment later when no batch follows), so the many
 * projections that ignore an event do not each commit a transaction for it. When the row shows another
 * generation (a rebuild swapped) or another checkpoint (someone else applied), the batch is rolled back
 * and the runner re-attaches from the row. A higher `def.version` than the registry's makes the runner
 * rebuild a new generation and swap; a lower one means newer code owns the projection: the runner stops.
 */
import type pg from 'pg';
import type { EventStore, RecordedEvent, Subscription } from '@crm/contracts';
import {
  type PhysicalTables,
  type ProjectionDefinition,
  type ProjectionLogger,
  physicalTables,
  silentLogger,
  validateDefinition,
} from './projection.ts';
import { abortableSleep } from './abortable-sleep.ts';
import { BatchClient } from './batch-client.ts';
import { createLockSession, type LockSession } from './lock-session.ts';
import { LOCK_NS, applyEvents, assertInOrder, loadOrInitState, readState } from './projection-state.ts';
import { rebuildProjection } from './rebuild.ts';

export interface BatchInfo {
  projection: string;
  generation: number;
  /** Events in the batch (before `eventTypes` filtering). */
  events: number;
  /** Checkpoint of the batch's last event (what the registry will hold after commit). */
  checkpoint: string;
}

export interface ProjectionRunnerHooks {
  /** Inside the batch transaction, after the rows and the checkpoint are written, before COMMIT. */
  beforeCommit?(info: BatchInfo): Promise<void> | void;
  /** After COMMIT. */
  afterCommit?(info: BatchInfo): Promise<void> | void;
}

export interface StartProjectionOptions {
  pool: pg.Pool;
  store: EventStore;
  /** Maximum events per batch transaction (default 2000): big in catch-up, as they come when live. */
  batchSize?: number;
  /** How often a standby tries the advisory lock (default 1000 ms). */
  lockRetryMs?: number;
  /** First delay after a failure (doubles up to 30 s). Default 1000 ms. */
  errorRetryMs?: number;
  log?: ProjectionLogger;
  hooks?: ProjectionRunnerHooks;
  /** The process's lock session, shared by its runners (default: one of the runner's own, closed when it stops). */
  locks?: LockSession;
  /**
   * A batch with none of `def.eventTypes` commits no transaction when the checkpoint was written less than this
   * long ago (default 1 s); the checkpoint catches up with the next batch, or this long after the last write.
   * 0: every batch commits.
   */
  idleCheckpointMs?: number;
  /**
   * Live, the least time between the starts of two batches that change rows (default 0): a lone event is applied
   * at once, those arriving meanwhile wait and go together in the next batch. A batch costs PostgreSQL about
   * the same for one event as for ten (its transaction, its checkpoint), so without this the work per event
   * grows as the load falls and the machine stays busy at any rate. Not applied in a catch-up.
   */
  minBatchIntervalMs?: number;
}

export type ProjectionRunnerState =
  | 'waiting-for-lock'
  | 'starting'
  | 'rebuilding'
  | 'catching-up'
  | 'live'
  | 'retrying'
  | 'superseded'
  | 'stopped';

export interface ProjectionRunnerStatus {
  name: string;
  version: number;
  state: ProjectionRunnerState;
  holdsLock: boolean;
  generation: number | null;
  /** Checkpoint of the last event applied (as committed). */
  checkpoint: string | null;
  /**
   * How far behind the event stream the read model is, in ms: while catching up, now minus the time of
   * the last applied event; when live, the delay between the last applied event and its commit.
   */
  lagMs: number | null;
  eventsApplied: number;
  batchesApplied: number;
  lastBatchAt: Date | null;
  lastError: string | null;
}

export interface ProjectionRunner {
  /** Finishes the batch in flight (never leaves half a batch), releases the lock, resolves when stopped. */
  stop(): Promise<void>;
  /**
   * Resolves once the events visible when the runner attached are applied. Never rejects: if the runner
   * stops (or is superseded by newer code) first, it stays pending; see `status().state`.
   */
  caughtUp: Promise<void>;
  status(): ProjectionRunnerStatus;
}

/** Thrown inside a batch when the registry row no longer matches what this runner attached to. */
class ReattachNeeded extends Error {
  override readonly name = 'ReattachNeeded';
}
export class ProjectionSupersededError extends Error {
  override readonly name = 'ProjectionSupersededError';
}

export function startProjection(def: ProjectionDefinition, options: StartProjectionOptions): ProjectionRunner {
  validateDefinition(def);
  const { pool, store } = options;
  const batchSize = options.batchSize ?? 2000;
  const lockRetryMs = options.lockRetryMs ?? 1000;
  const errorRetryMs = options.errorRetryMs ?? 1000;
  const log = options.log ?? silentLogger;
  const hooks = options.hooks ?? {};
  const idleCheckpointMs = options.idleCheckpointMs ?? 1000;
  const minBatchIntervalMs = options.minBatchIntervalMs ?? 0;
  const eventTypes = def.eventTypes ? new Set(def.eventTypes) : null;

  const stopController = new AbortController();
  const stopSignal = stopController.signal;
  const ownLocks = options.locks ? null : createLockSession(pool);
  const locks = options.locks ?? ownLocks!;
  let holdsLock = false;
  /** Aborts the current attachment (subscription) when the lock connection is lost or on stop. */
  let attachController: AbortController | null = null;

  const st: ProjectionRunnerStatus = {
    name: def.name,
    version: def.version,
    state: 'waiting-for-lock',
    holdsLock: false,
    generation: null,
    checkpoint: null,
    lagMs: null,
    eventsApplied: 0,
    batchesApplied: 0,
    lastBatchAt: null,
    lastError: null,
  };
  let lastEventAt: Date | null = null;

  let resolveCaughtUp!: () => void;
  let caughtUpSettled = false;
  const caughtUp = new Promise<void>((resolve) => {
    resolveCaughtUp = () => {
      caughtUpSettled = true;
      resolve();
    };
  });

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopSignal.aborted) return resolve();
      const timer = setTimeout(finish, ms);
      stopSignal.addEventListener('abort', finish, { once: true });
      function finish() {
        clearTimeout(timer);
        stopSignal.removeEventListener('abort', finish);
        resolve();
      }
    });

  function onLockLost(err: Error) {
    if (!holdsLock) return;
    if (!stopSignal.aborted) log.warn({ projection: def.name, err: err.message }, 'projection lock connection lost');
    holdsLock = false;
    st.holdsLock = false;
    attachController?.abort();
  }

  async function acquireLock(): Promise<boolean> {
    st.state = 'waiting-for-lock';
    let announced = false;
    while (!stopSignal.aborted) {
      try {
        if (await locks.tryLock(LOCK_NS.runner, def.name, onLockLost)) {
          if (stopSignal.aborted) break;
          holdsLock = true;
          st.holdsLock = true;
          log.info({ projection: def.name }, 'projection lock acquired');
          return true;
        }
        if (!announced) log.info({ projection: def.name }, 'projection lock held elsewhere: standing by');
        announced = true;
      } catch (err) {
        log.warn({ projection: def.name, err: errorMessage(err) }, 'projection lock attempt failed');
      }
      await sleep(lockRetryMs);
    }
    // Stopped while (or right after) taking it.
    await locks.unlock(LOCK_NS.runner, def.name);
    return false;
  }

  async function releaseLock() {
    holdsLock = false;
    st.holdsLock = false;
    await locks.unlock(LOCK_NS.runner, def.name);
  }

  /** Attaches to the live generation and applies batches until re-attach is needed, the lock is lost or stop. */
  async function runAttached(): Promise<void> {
    st.state = 'starting';
    let state = await loadOrInitState(pool, def);
    if (state.version > def.version) {
      throw new ProjectionSupersededError(
        `projection ${def.name}: registry has version ${state.version}, this code has ${def.version}: newer code owns it`,
      );
    }
    if (state.version < def.version) {
      st.state = 'rebuilding';
      log.info({ projection: def.name, from: state.version, to: def.version }, 'projection version changed: rebuilding');
      await rebuildProjection(def, { pool, store, batchSize, log, signal: stopSignal });
      const after = await readState(pool, def.name);
      if (!after) throw new Error(`projection_state row of ${def.name} missing after rebuild`);
      state = after;
      if (state.version !== def.version) return; // someone else swapped meanwhile: check again
    }

    const generation = state.generation;
    const physical: PhysicalTables = physicalTables(def, generation);
    let expected = state.checkpoint;
    st.generation = generation;
    st.checkpoint = expected;

    const head = await store.headCheckpoint();
    const target = head;
    if (!caughtUpSettled && (head === null || head === expected)) resolveCaughtUp();
    st.state = caughtUpSettled ? 'live' : 'catching-up';

    const controller = new AbortController();
    attachController = controller;
    if (stopSignal.aborted || !holdsLock) return;

    // `expected`: the checkpoint as committed; `delivered`: the last event received (applied or skipped).
    let delivered = expected;
    let lastWriteAt = Date.now();
    /** Batch transactions one at a time (a batch and a deferred checkpoint write never overlap). */
    let writing: Promise<void> = Promise.resolve();
    let deferred: NodeJS.Timeout | null = null;

    const commit = (events: RecordedEvent[], checkpoint: string): Promise<void> => {
      const run = writing.then(async () => {
        if (checkpoint === expected) return;
        const batch: BatchInfo = { projection: def.name, generation, events: events.length, checkpoint };
        await applyBatch(batch, events, physical, expected);
        expected = checkpoint;
        lastWriteAt = Date.now();
        st.checkpoint = checkpoint;
        st.batchesApplied += 1;
        await hooks.afterCommit?.(batch);
      });
      writing = run.catch(() => {});
      return run;
    };

    /** Writes the checkpoint of skipped batches when no batch came to carry it. */
    const writeDeferred = () => {
      deferred = null;
      if (controller.signal.aborted) return;
      commit([], delivered!).catch((err: unknown) => {
        // The next batch fails the same way and re-attaches (or retries); nothing is lost meanwhile.
        log.warn({ projection: def.name, err: errorMessage(err) }, 'projection checkpoint write failed');
      });
    };

    /** When the last batch that changed rows started committing. */
    let committedAt = 0;
    const onBatch = async (events: RecordedEvent[], info: { caughtUp: boolean }) => {
      if (controller.signal.aborted || events.length === 0) return;
      // Caught up before this batch (the batch that ends the first catch-up is not followed by a pause).
      const live = caughtUpSettled;
      assertInOrder(store, delivered, events);
      const checkpoint = events[events.length - 1]!.checkpoint;
      const changesRows = !eventTypes || events.some((e) => eventTypes.has(e.type));
      const wait = lastWriteAt + idleCheckpointMs - Date.now();
      // The first catch-up is always written: "caught up" (start-up, tests) means the checkpoint is stored.
      const firstCatchUp = !caughtUpSettled && (info.caughtUp || checkpoint === target);
      if (!changesRows && wait > 0 && !firstCatchUp) {
        deferred ??= setTimeout(writeDeferred, wait);
      } else {
        if (deferred) clearTimeout(deferred);
        deferred = null;
        committedAt = Date.now();
        await commit(events, checkpoint);
      }
      delivered = checkpoint;
      const now = new Date();
      lastEventAt = events[events.length - 1]!.timestamp;
      st.eventsApplied += events.length;
      st.lastBatchAt = now;
      st.lagMs = Math.max(0, now.getTime() - lastEventAt.getTime());
      st.lastError = null;
      if (!caughtUpSettled && (info.caughtUp || checkpoint === target)) resolveCaughtUp();
      if (info.caughtUp || caughtUpSettled) st.state = 'live';
      // Live: events arriving during the pause go together in the next batch (minBatchIntervalMs).
      const pause = committedAt + minBatchIntervalMs - Date.now();
      if (pause > 0 && info.caughtUp && live) await abortableSleep(pause, controller.signal);
    };

    let sub: Subscription | null = null;
    try {
      sub = store.subscribe({ after: expected, batchSize, onBatch, signal: controller.signal });
      await sub.done;
    } catch (err) {
      if (err instanceof ReattachNeeded) {
        log.info({ projection: def.name, reason: err.message }, 'projection re-attaching');
        return;
      }
      throw err;
    } finally {
      if (deferred) clearTimeout(deferred);
      await writing;
      if (attachController === controller) attachController = null;
    }
  }

  async function applyBatch(batch: BatchInfo, events: RecordedEvent[], physical: PhysicalTables, expected: string | null) {
    const startedAt = new Date().toISOString();
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // The batch's writes wait and go with the checkpoint and COMMIT (batch-client.ts).
      const batchClient = new BatchClient(client);
      await applyEvents(batchClient, def, events, physical);
      // When the batch started, for whoever watches the checkpoints (the bookings bench splits a projection's lag
      // at it: its transaction now begins with its last round trip). A setting of the transaction: no row written.
      const fence = `SET LOCAL crm.batch_started_at = '${startedAt}'; SELECT projection_checkpoint(${client.escapeLiteral(def.name)}, ${batch.generation}, ${expected === null ? 'NULL' : client.escapeLiteral(expected)}, ${client.escapeLiteral(batch.checkpoint)})`;
      if (hooks.beforeCommit || !holdsLock) {
        await batchClient.finish(fence);
        await hooks.beforeCommit?.(batch);
        if (!holdsLock) throw new ReattachNeeded('lock lost');
        await client.query('COMMIT');
      } else {
        // The writes, the checkpoint and COMMIT in ONE round trip (a simple query: when a statement raises,
        // PostgreSQL skips the rest and the transaction stays aborted). The transaction holds its id, and with
        // it what every event reader may see (the store reads below the oldest running one), for as short a
        // time as it can, with no wait for this process's event loop inside it.
        await batchClient.finish(`${fence}; COMMIT`);
      }
    } catch (err) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackErr) {
        broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
      }
      if (err instanceof ReattachNeeded) throw err;
      // The row moved under the batch (the guarded write raised), or, without a lock taken first, a swap
      // committed (and dropped the old tables) before our rows reached them: the row says why.
      const moved = await whyMoved(batch.generation, expected).catch(() => null);
      if (moved) throw new ReattachNeeded(moved);
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** Why the registry row no longer matches (generation, checkpoint), or '' when it still does. */
  async function whyMoved(generation: number, expected: string | null): Promise<string> {
    const row = await readState(pool, def.name);
    if (!row) return 'registry row missing';
    if (row.generation !== generation) return `generation ${generation} → ${row.generation}`;
    if (row.checkpoint !== expected) return 'checkpoint moved by another writer';
    return '';
  }


  async function main(): Promise<void> {
    let backoff = errorRetryMs;
    while (!stopSignal.aborted) {
      if (!holdsLock && !(await acquireLock())) break;
      try {
        await runAttached();
        backoff = errorRetryMs;
      } catch (err) {
        if (stopSignal.aborted) break;
        if (err instanceof ProjectionSupersededError) {
          st.state = 'superseded';
          st.lastError = err.message;
          log.error({ projection: def.name }, err.message);
          await releaseLock();
          return;
        }
        st.state = 'retrying';
        st.lastError = errorMessage(err);
        log.error({ projection: def.name, err: st.lastError, retryInMs: backoff }, 'projection batch failed');
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
    await releaseLock();
    st.state = 'stopped';
  }

  const running = main().catch((err: unknown) => {
    st.lastError = errorMessage(err);
    st.state = 'stopped';
    log.error({ projection: def.name, err: st.lastError }, 'projection runner crashed');
  });

  return {
    caughtUp,
    async stop() {
      stopController.abort();
      attachController?.abort();
      await running;
      await releaseLock();
      await ownLocks?.close();
      st.state = st.state === 'superseded' ? 'superseded' : 'stopped';
    },
    status() {
      const lagMs = st.state === 'catching-up' && lastEventAt ? Math.max(0, Date.now() - lastEventAt.getTime()) : st.state === 'live' ? (st.lagMs ?? 0) : st.lagMs;
      return { ...st, lagMs };
    },
  };
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
