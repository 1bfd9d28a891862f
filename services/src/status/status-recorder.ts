/**
 * Records the checks every `intervalMs` into `status_samples`, in ONE process at a time: the process
 * holding a session advisory lock (on its own connection) records; the others retry the lock each
 * interval and take over when the holder's connection goes away. Samples older than the window are
 * pruned as it goes.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { STATUS_WINDOW_DAYS } from '@crm/contracts';
import type { CheckResult } from './status-checks.ts';

/** Advisory lock key of the recorder (single-int form; other namespaces use two ints). */
export const STATUS_RECORDER_LOCK = 727200;

export interface StatusRecorderOptions {
  pool: pg.Pool;
  check: () => Promise<CheckResult[]>;
  intervalMs: number;
  /**
   * Whether this process has finished starting (its projections caught up): until then nothing is recorded, so
   * a restart does not record its own start-up as an outage.
   */
  readyToRecord?: () => boolean;
  now?: () => Date;
  log?: Pick<Logger, 'error' | 'info'>;
}

export interface StatusRecorder {
  /** True while this process holds the recorder lock. */
  isLeader(): boolean;
  stop(): Promise<void>;
}

export async function insertSamples(db: Pick<pg.Pool, 'query'>, at: Date, results: readonly CheckResult[]): Promise<void> {
  await db.query(
    `INSERT INTO status_samples (service, at, state, response_ms)
     SELECT * FROM unnest($1::text[], array_fill($2::timestamptz, ARRAY[cardinality($1::text[])]), $3::text[], $4::int[])
     ON CONFLICT (service, at) DO NOTHING`,
    [results.map((r) => r.service), at, results.map((r) => r.state), results.map((r) => r.responseMs)],
  );
}

export function startStatusRecorder(options: StatusRecorderOptions): StatusRecorder {
  const { pool, intervalMs } = options;
  const now = options.now ?? (() => new Date());
  let client: pg.Client | null = null;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastPrune = 0;
  /** Still starting: the next try comes sooner than the interval. */
  let waiting = false;

  const dropClient = () => {
    const c = client;
    client = null;
    leader = false;
    c?.end().catch(() => {});
  };

  async function tick(): Promise<void> {
    waiting = options.readyToRecord ? !options.readyToRecord() : false;
    if (waiting) return;
    if (!client) {
      const c = new pg.Client(pool.options);
      c.on('error', () => {
        if (client === c) dropClient();
      });
      await c.connect();
      client = c;
    }
    if (!leader) {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [STATUS_RECORDER_LOCK]);
      leader = rows[0]?.ok === true;
      if (!leader) return;
      options.log?.info({ intervalMs }, 'status recorder: this process records');
    }
    const results = await options.check();
    const at = now();
    await insertSamples(pool, at, results);
    if (at.getTime() - lastPrune > 3_600_000) {
      lastPrune = at.getTime();
      const before = new Date(at.getTime() - (STATUS_WINDOW_DAYS + 1) * 86_400_000);
      await pool.query(`DELETE FROM status_samples WHERE at < $1`, [before]);
      await pool.query(`DELETE FROM status_daily WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date`, [before]);
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err: unknown) => {
          options.log?.error({ err }, 'status recorder tick failed');
          dropClient();
        })
        .finally(() => {
          running = null;
          schedule(waiting ? Math.min(500, intervalMs) : intervalMs);
        });
    }, delay);
    timer.unref();
  }
  schedule(0);

  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      // Ending the session releases the lock.
      const c = client;
      client = null;
      leader = false;
      await c?.end().catch(() => {});
    },
  };
}
