import type pg from 'pg';
import type { EventStore } from '@crm/contracts';
import type { LockSession } from '@crm/projections';
import { workerModules } from '../domains.ts';
import type { WorkerLogger } from '../logger.ts';
import type { WorkersConfig } from '../platform/worker-module.ts';
import type { QueueFactory } from '../queue/queue-connection.ts';
import { type RunningReactor, ensureReactorTables, runReactor } from './reactor-runner.ts';

export type ReactorsConfig = WorkersConfig;

export interface StartReactorsOptions {
  pool: pg.Pool;
  store: EventStore;
  queues: QueueFactory;
  config: ReactorsConfig;
  log: WorkerLogger;
  /** Runner tuning (tests). */
  runner?: { batchSize?: number; lockRetryMs?: number; retryDelayMs?: number };
  /** The process's lock session (shared with its projections); default: each runner its own. */
  locks?: LockSession;
}

export interface RunningReactors {
  reactors: RunningReactor[];
  stop(): Promise<void>;
}

/** Starts every domain's reactors (workers/src/domains.ts); each runs on a single instance at a time (reactor-runner.ts). */
export async function startReactors(options: StartReactorsOptions): Promise<RunningReactors> {
  const { pool, store, queues, config, log } = options;
  await ensureReactorTables(pool);
  const reactors = workerModules
    .flatMap((module) => module.reactors?.({ store, pool, queues, config, log }) ?? [])
    .map((reactor) => runReactor({ pool, store, reactor, log, ...options.runner, ...(options.locks ? { locks: options.locks } : {}) }));
  return {
    reactors,
    async stop() {
      await Promise.all(reactors.map((r) => r.stop()));
    },
  };
}
