/**
 * Runs a reactor: a process driven by the event store (never by the HTTP handler that appended the event).
 *
 * - One running instance per reactor name: a session advisory lock, held on a dedicated connection; other
 *   instances wait and take over when it is released (stop, crash, lost connection).
 * - The checkpoint lives in `reactor_checkpoints` and is saved after each handled batch, through the connection
 *   that holds the lock (a runner that lost its lock cannot save).
 * - Delivery is at-least-once: a crash after handling and before saving replays the batch, so handlers must be
 *   idempotent (the mail reactor uses deterministic job ids).
 * - A failing batch stops the subscription; the runner logs, waits (growing back-off) and resumes from the last
 *   saved checkpoint.
 */
import type pg from 'pg';
import type { EventStore, RecordedEvent } from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';

export interface Reactor {
  readonly name: string;
  /** Handles one batch of events in global order. Must be idempotent. */
  handle(events: RecordedEvent[]): Promise<void>;
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

async function saveReactorCheckpoint(db: pg.PoolClient, name: string, checkpoint: string): Promise<void> {
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
}

export interface RunningReactor {
  readonly name: string;
  /** True while this instance holds the lock. */
  isLeader(): boolean;
  /** Stops after the batch in flight, saves nothing more, releases the lock. */
  stop(): Promise<void>;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export function runReactor(options: ReactorRunnerOptions): RunningReactor {
  const { pool, store, reactor, log } = options;
  const lockRetryMs = options.lockRetryMs ?? 2_000;
  const baseRetryMs = options.retryDelayMs ?? 1_000;
  const controller = new AbortController();
  const { signal } = controller;
  let leader = false;
  let failures = 0;

  const runOnce = async (): Promise<'not-leader' | 'stopped'> => {
    const client = await pool.connect();
    let broken = false;
    let lost: ((err: Error) => void) | null = null;
    const lostPromise = new Promise<never>((_, reject) => {
      lost = reject;
    });
    lostPromise.catch(() => {});
    const onError = (err: Error) => {
      broken = true;
      lost?.(err);
    };
    client.on('error', onError);
    try {
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 727200)) AS ok',
        [`reactor:${reactor.name}`],
      );
      if (!rows[0]?.ok) return 'not-leader';
      leader = true;
      try {
        const after = await loadReactorCheckpoint(client, reactor.name);
        log.info({ reactor: reactor.name, after }, 'reactor started');
        const subscription = store.subscribe({
          after,
          ...(options.batchSize ? { batchSize: options.batchSize } : {}),
          signal,
          onBatch: async (events) => {
            await reactor.handle(events);
            await saveReactorCheckpoint(client, reactor.name, events[events.length - 1]!.checkpoint);
            failures = 0;
          },
        });
        try {
          await Promise.race([subscription.done, lostPromise]);
        } finally {
          await subscription.stop();
        }
        return 'stopped';
      } finally {
        leader = false;
        if (!broken) {
          await client
            .query('SELECT pg_advisory_unlock(hashtextextended($1, 727200))', [`reactor:${reactor.name}`])
            .catch(() => {
              broken = true;
            });
        }
      }
    } finally {
      client.off('error', onError);
      // A broken connection is destroyed (which also drops any session lock it held).
      client.release(broken);
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
      log.info({ reactor: reactor.name }, 'reactor stopped');
    },
  };
}
