/**
 * Runs a reactor: a process driven by the event store (never by the HTTP handler that appended the event).
 *
 * - One running instance per reactor name: a session advisory lock, taken through the process's lock session
 *   (one dedicated connection for all its runners, projections/src/runner/lock-session.ts); other instances
 *   wait and take over when it is released (stop, crash, lost connection). A reactor holds no pool client while
 *   it waits for events (each held one for good: with a handful of reactors a small pool had none left).
 * - The checkpoint lives in `reactor_checkpoints`: the last handled batch's is saved at most every
 *   `checkpointIntervalMs` (default 250 ms; the last one of a burst a moment later, and on stop), not after every
 *   batch: under load that was a write transaction per batch (0.7 per booking). A runner told its lock was lost
 *   saves nothing more.
 * - Delivery is at-least-once: a crash after handling and before saving replays the batches handled since the
 *   last save, so handlers must be idempotent (the mail reactor uses deterministic job ids).
 * - A failing batch stops the subscription; the runner logs, waits (growing back-off) and resumes from the last
 *   saved checkpoint.
 */
import type pg from 'pg';
import type { EventStore, RecordedEvent } from '@crm/contracts';
import { abortableSleep, createLockSession, type LockSession } from '@crm/projections';
import type { WorkerLogger } from '../logger.ts';

export interface Reactor {
  readonly name: string;
  /**
   * Handles one batch of events in global order. Must be idempotent. The runner says whether the batch is
   * `caughtUp`: it reached the end of what the store could give (the runner may pause after it, see
   * `minBatchIntervalMs`); otherwise more events wait.
   */
  handle(events: RecordedEvent[], info?: { readonly caughtUp: boolean }): Promise<void>;
  /**
   * Least time from the start of one batch to the start of the next (default: the runner's, 10 ms). The events that arrive meanwhile
   * make the next batch: under load, fewer and larger batches (the mail reactor's jobs then carry many mails, not
   * one or two each), at the cost of at most this much delay. A lone event is handled at once, and a backlog
   * (catch-up) is read without pauses.
   */
  readonly minBatchIntervalMs?: number;
  /**
   * Called each time this instance takes the lead, before its first batch: drop whatever an earlier lead cached
   * (the events another instance handled meanwhile never reached this one).
   */
  reset?(): void;
}

export const REACTOR_CHECKPOINTS_SQL = `
CREATE TABLE IF NOT EXISTS reactor_checkpoints (
  name text PRIMARY KEY,
  checkpoint text,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

export async function ensureReactorTables(pool: pg.Pool): Promise<void> {
  await pool.query(REACTOR_CHECKPOINTS_SQL);
}

export async function loadReactorCheckpoint(db: pg.Pool | pg.PoolClient, name: string): Promise<string | null> {
  const { rows } = await db.query<{ checkpoint: string | null }>('SELECT checkpoint FROM reactor_checkpoints WHERE name = $1', [
    name,
  ]);
  return rows[0]?.checkpoint ?? null;
}

async function saveReactorCheckpoint(db: pg.Pool | pg.PoolClient, name: string, checkpoint: string): Promise<void> {
  await db.query(
    `INSERT INTO reactor_checkpoints (name, checkpoint, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (name) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, updated_at = now()`,
    [name, checkpoint],
  );
}

/** Forgets a reactor's position: its next start replays every event (handlers are idempotent). */
export async function resetReactorCheckpoint(pool: pg.Pool, name: string): Promise<void> {
  await pool.query('DELETE FROM reactor_checkpoints WHERE name = $1', [name]);
}

export interface ReactorRunnerOptions {
  pool: pg.Pool;
  store: EventStore;
  reactor: Reactor;
  log: WorkerLogger;
  batchSize?: number;
  /** How often a standby instance retries the lock (default 2 s). */
  lockRetryMs?: number;
  /** First delay after a failure; doubles up to 30 s (default 1 s). */
  retryDelayMs?: number;
  /** The process's lock session, shared with its other runners (default: one of the runner's own). */
  locks?: LockSession;
  /** Least time between two checkpoint saves (default 250 ms); 0 saves after every batch. */
  checkpointIntervalMs?: number;
  /**
   * `minBatchIntervalMs` of the reactors that set none (default 10 ms): without it every wake-up (one per append
   * under a light load) made each reactor a batch of its own, and the work per event grew as the load fell.
   */
  minBatchIntervalMs?: number;
}

/** Advisory-lock namespace of the reactors (two-int form: 727110, hashtext('reactor:<name>'); the projections' are LOCK_NS). */
export const REACTOR_LOCK_NS = 727110;

export interface RunningReactor {
  readonly name: string;
  /** True while this instance holds the lock. */
  isLeader(): boolean;
  /** Stops after the batch in flight, saves nothing more, releases the lock. */
  stop(): Promise<void>;
}

export function runReactor(options: ReactorRunnerOptions): RunningReactor {
  const { pool, store, reactor, log } = options;
  const ownLocks = options.locks ? null : createLockSession(pool);
  const locks = options.locks ?? ownLocks!;
  const lockRetryMs = options.lockRetryMs ?? 2_000;
  const baseRetryMs = options.retryDelayMs ?? 1_000;
  const checkpointIntervalMs = options.checkpointIntervalMs ?? 250;
  const controller = new AbortController();
  const { signal } = controller;
  let leader = false;
  let failures = 0;

  const lockName = `reactor:${reactor.name}`;
  const runOnce = async (): Promise<'not-leader' | 'stopped'> => {
    let lost: ((err: Error) => void) | null = null;
    const lostPromise = new Promise<never>((_, reject) => {
      lost = reject;
    });
    lostPromise.catch(() => {});
    const ok = await locks.tryLock(REACTOR_LOCK_NS, lockName, (err) => {
      leader = false;
      lost?.(err);
    });
    if (!ok) return 'not-leader';
    leader = true;
    reactor.reset?.();
    // Checkpoint saving: `handled` is the last handled batch's checkpoint, `saved` the last one written; one
    // save at a time (`saving`), so a later checkpoint is never overwritten by an earlier one.
    let handled: string | null = null;
    let saved: string | null = null;
    let lastSaveAt = 0;
    let saving: Promise<void> = Promise.resolve();
    let trailing: NodeJS.Timeout | null = null;
    const save = (): Promise<void> => {
      saving = saving.catch(() => {}).then(async () => {
        // A runner whose lock went with its connection saves nothing: the new holder resumes from the saved one.
        if (!leader || handled === null || handled === saved) return;
        const checkpoint = handled;
        lastSaveAt = Date.now();
        await saveReactorCheckpoint(pool, reactor.name, checkpoint);
        saved = checkpoint;
      });
      return saving;
    };
    try {
      const after = await loadReactorCheckpoint(pool, reactor.name);
      saved = after;
      log.info({ reactor: reactor.name, after }, 'reactor started');
      const subscription = store.subscribe({
        after,
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
        signal,
        onBatch: async (events, info) => {
          const startedAt = Date.now();
          await reactor.handle(events, { caughtUp: info.caughtUp });
          if (!leader) throw new Error(`reactor ${reactor.name}: lock lost`);
          handled = events[events.length - 1]!.checkpoint;
          failures = 0;
          const wait = lastSaveAt + checkpointIntervalMs - Date.now();
          if (wait <= 0) {
            await save();
          } else {
            trailing ??= setTimeout(() => {
              trailing = null;
              save().catch((err: unknown) => log.warn({ reactor: reactor.name, err }, 'reactor checkpoint save failed'));
            }, wait);
          }
          // Only when caught up: while catching up the next batch is already waiting and full, so a pause would
          // only add its length to every batch of the backlog (50 ms × 2,000 batches after a 1M-event import).
          const pause = startedAt + (reactor.minBatchIntervalMs ?? options.minBatchIntervalMs ?? 10) - Date.now();
          if (pause > 0 && info.caughtUp) await abortableSleep(pause, signal);
        },
      });
      try {
        await Promise.race([subscription.done, lostPromise]);
      } finally {
        await subscription.stop();
      }
      return 'stopped';
    } finally {
      if (trailing) clearTimeout(trailing);
      // Stopping (or a failed batch after handled ones): keep what was handled, if the lock is still ours.
      await save().catch((err: unknown) => log.warn({ reactor: reactor.name, err }, 'reactor checkpoint save failed'));
      leader = false;
      await locks.unlock(REACTOR_LOCK_NS, lockName);
    }
  };

  const main = async () => {
    while (!signal.aborted) {
      try {
        const outcome = await runOnce();
        if (outcome === 'not-leader') await abortableSleep(lockRetryMs, signal);
      } catch (err) {
        if (signal.aborted) break;
        failures += 1;
        const delay = Math.min(30_000, baseRetryMs * 2 ** Math.min(failures - 1, 15));
        log.error({ reactor: reactor.name, err, retryInMs: delay }, 'reactor failed; resuming from the saved checkpoint');
        await abortableSleep(delay, signal);
      }
    }
  };

  const done = main();
  return {
    name: reactor.name,
    isLeader: () => leader,
    async stop() {
      controller.abort();
      await done;
      await ownLocks?.close();
      log.info({ reactor: reactor.name }, 'reactor stopped');
    },
  };
}
