/**
 * The one place that picks the BullMQ backend.
 * - default: PostgreSQL (`createPostgresBackend`, `{ connectionString, schema, migrate: true }`), the same
 *   database as the event store, so a single-server install needs nothing else;
 * - Redis when a URL is configured (one shared ioredis client with `maxRetriesPerRequest: null`).
 *
 * Isolation: `schema` (Postgres, default `bullmq`) and `prefix` (Redis key prefix, default `bull`).
 */
import {
  type DefaultJobOptions,
  type IQueueBackend,
  type Processor,
  Queue,
  Worker,
  type WorkerOptions,
  createPostgresBackend,
  withBackend,
} from 'bullmq';
import { Redis } from 'ioredis';

const Pg = withBackend(createPostgresBackend);

export type QueueBackendKind = 'postgres' | 'redis';

/** The `application_name` of the PostgreSQL-backed queues' pooled connections. */
export const QUEUE_APPLICATION_NAME = 'crm queue';

// Queue/Worker are generic in their backend and connection type; callers only need the common API.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AppQueue<D = any> = Queue<D, unknown, string, D, unknown, string, IQueueBackend, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AppWorker<D = any> = Worker<D, unknown, string, IQueueBackend, any, any>;
/** Worker options without the connection (the factory owns it). */
export type AppWorkerOptions = Omit<WorkerOptions, 'connection'>;

export interface QueueFactoryOptions {
  /** Redis URL: when set, queues live in Redis; otherwise in PostgreSQL (`databaseUrl`). */
  redisUrl: string | null;
  databaseUrl: string;
  /** Postgres schema holding BullMQ's tables (default `bullmq`). */
  schema?: string;
  /** Redis key prefix (default `bull`). */
  prefix?: string;
  /**
   * Max connections of each Postgres-backed queue's pool (default: node-postgres' 10, opened lazily). A worker's
   * pool is at least its concurrency: each job in flight needs a connection to move on (the webhooks worker, 16
   * at once, with a pool of 4 took 5 s to make a first attempt under load instead of 0.7 s).
   */
  poolSize?: number;
  /** How long an idle pooled connection is kept (node-postgres' `idleTimeoutMillis`; 0: never closed; default 10 s). */
  idleTimeoutMs?: number;
  /** Job options applied to every job added through `queue(name)` (per-call options win). */
  defaultJobOptions?: DefaultJobOptions;
}

export interface QueueFactory {
  readonly backend: QueueBackendKind;
  /** The queue of that name (one instance per name, reused). */
  queue<D = unknown>(name: string): AppQueue<D>;
  /** A new worker; closed by `close()` unless closed before. */
  worker<D = unknown>(name: string, processor: Processor<D, unknown, string>, opts?: AppWorkerOptions): AppWorker<D>;
  /** Closes every worker (waiting for their active jobs), then the queues, then the Redis client. */
  close(): Promise<void>;
}

export function createQueueFactory(options: QueueFactoryOptions): QueueFactory {
  const queues = new Map<string, AppQueue>();
  const workers = new Set<AppWorker>();
  let closed = false;

  let redis: Redis | null = null;
  const backend: QueueBackendKind = options.redisUrl ? 'redis' : 'postgres';
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    // Without a listener, ioredis reports connection errors as unhandled; BullMQ also logs them.
    redis.on('error', () => {});
  }
  const pgConnection = {
    connectionString: options.databaseUrl,
    schema: options.schema ?? 'bullmq',
    migrate: true,
    ...(options.poolSize ? { max: options.poolSize } : {}),
    ...(options.idleTimeoutMs !== undefined ? { idleTimeoutMillis: options.idleTimeoutMs } : {}),
    // In pg_stat_activity (a worker's listening connection takes the worker's name instead).
    application_name: QUEUE_APPLICATION_NAME,
  };

  const workerConnection = (concurrency: number | undefined) =>
    options.poolSize && concurrency && concurrency > options.poolSize ? { ...pgConnection, max: concurrency } : pgConnection;

  const assertOpen = () => {
    if (closed) throw new Error('queue factory is closed');
  };

  return {
    backend,
    queue<D>(name: string): AppQueue<D> {
      assertOpen();
      let q = queues.get(name);
      if (!q) {
        const common = options.defaultJobOptions ? { defaultJobOptions: options.defaultJobOptions } : {};
        q = redis
          ? (new Queue<D>(name, { ...common, connection: redis, prefix: options.prefix ?? 'bull' }) as unknown as AppQueue)
          : (new Pg.Queue<D>(name, { ...common, connection: pgConnection }) as unknown as AppQueue);
        queues.set(name, q);
      }
      return q as AppQueue<D>;
    },
    worker<D>(name: string, processor: Processor<D, unknown, string>, opts: AppWorkerOptions = {}): AppWorker<D> {
      assertOpen();
      const w = redis
        ? (new Worker<D>(name, processor, { ...opts, connection: redis, prefix: options.prefix ?? 'bull' }) as unknown as AppWorker)
        : (new Pg.Worker<D>(name, processor, { ...opts, connection: workerConnection(opts.concurrency) }) as unknown as AppWorker);
      workers.add(w);
      w.on('closed', () => workers.delete(w));
      return w as AppWorker<D>;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...workers].map((w) => w.close()));
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
      workers.clear();
      queues.clear();
      if (redis) {
        await redis.quit().catch(() => redis?.disconnect());
      }
    },
  };
}
