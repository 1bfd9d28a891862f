/**
 * A queue's finished jobs removed on a timer once older than their retention, in place of BullMQ's per-job
 * `removeOnComplete: { age }` / `removeOnFail: { age }` (the jobs themselves are then enqueued with `false`: kept).
 *
 * Why: on the PostgreSQL backend an age retention makes EVERY completion run apply_retention's
 * `DELETE FROM job WHERE queue = p_queue AND state = p_state AND finished_at_ms <= …` inside PL/pgSQL. Its generic
 * plan cannot prove `state` is a finished state, so it skips the finished-jobs partial index and reads every job of
 * the queue: measured 0.32–0.47 ms per mail job in the bookings bench (a few hundred jobs kept, 23–36 % of the
 * completion), 19 ms at 100,000 jobs kept; with fresh statistics the planner goes back to per-call plans (≈ 0.1–0.3
 * ms, planned each time), but which one a backend holds depends on when the table was last analysed.
 * `Queue.clean` writes its statement with literals, so the partial index applies, and it runs once per interval
 * for all the jobs that expired meanwhile.
 * Redis does the same through `clean`; a second worker instance cleaning at the same time only finds less to do.
 */
import type { WorkerLogger } from '../logger.ts';
import type { AppQueue } from './queue-connection.ts';

/** How often a queue's expired finished jobs are removed (default). */
export const FINISHED_JOB_CLEAN_INTERVAL_MS = 60_000;
/** Most jobs removed by one `clean` call; a full one is followed at once by the next. */
const CLEAN_LIMIT = 5_000;

export interface FinishedJobRetention {
  /** Completed jobs are kept this long (their id keeps deduplicating meanwhile). */
  completedAgeMs: number;
  failedAgeMs: number;
}

export interface FinishedJobCleaner {
  /** One pass now (completed, then failed jobs); resolves when it is done. Never rejects: failures are logged. */
  runOnce(): Promise<void>;
  /** No further pass starts; waits for the one in flight. */
  stop(): Promise<void>;
}

export function cleanFinishedJobs(
  queue: AppQueue,
  retention: FinishedJobRetention,
  o: { log: WorkerLogger; intervalMs?: number },
): FinishedJobCleaner {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    for (const [state, age] of [
      ['completed', retention.completedAgeMs],
      ['failed', retention.failedAgeMs],
    ] as const) {
      let removed = CLEAN_LIMIT;
      while (!stopped && removed === CLEAN_LIMIT) removed = (await queue.clean(age, CLEAN_LIMIT, state)).length;
    }
  };
  const runOnce = () => {
    running = running.then(() =>
      stopped ? undefined : pass().catch((err: unknown) => o.log.warn({ queue: queue.name, err: err instanceof Error ? err.message : String(err) }, 'finished job clean-up failed; next pass later')),
    );
    return running;
  };

  const timer = setInterval(() => void runOnce(), o.intervalMs ?? FINISHED_JOB_CLEAN_INTERVAL_MS);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
