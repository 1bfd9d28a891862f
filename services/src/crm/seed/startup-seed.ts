/**
 * `npm start` on a database with no customer yet seeds a small demo set (unless SEED=0): once, even with
 * several api processes starting together (advisory lock, then the check), never in tests (SEED=0 there).
 */
import type pg from 'pg';
import type { EventStore } from '@crm/contracts';
import { waitForProjection } from '../../platform/read-your-writes.ts';
import { createSeedCommands, seedAssignees } from './crm-commands.ts';
import { type SeedCounts, type SeedResult, seedCrm } from './seed-runner.ts';

export const DEMO_COUNTS: SeedCounts = { customers: 50, deals: 80, tasks: 100 };
/** pg_advisory_lock key of the start-up seed ('crm-demo-seed'). */
const LOCK_KEY = 0x63726d64;

export interface StartupSeedDeps {
  pool: pg.Pool;
  store: EventStore;
  filesDir: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  counts?: SeedCounts;
  signal?: AbortSignal;
}

/** Whether any customer was ever created (deleted ones count: the database is not empty). */
export async function hasCustomers(deps: Pick<StartupSeedDeps, 'pool' | 'store'>): Promise<boolean> {
  if (deps.store.kind === 'postgres') {
    const { rowCount } = await deps.pool.query(`SELECT 1 FROM es_streams WHERE stream_id LIKE 'customer-%' LIMIT 1`);
    return (rowCount ?? 0) > 0;
  }
  // Another event store: the read model, once it has applied everything there is now.
  const head = await deps.store.headCheckpoint();
  if (!(await waitForProjection(deps, 'crm_customers', head, 60_000))) throw new Error('the crm_customers read model did not catch up within 60 s');
  const { rowCount } = await deps.pool.query('SELECT 1 FROM crm_customers LIMIT 1');
  return (rowCount ?? 0) > 0;
}

/** Seeds the demo set if the database has no customer; returns what it did (null: nothing to do). */
export async function seedDemoIfEmpty(deps: StartupSeedDeps): Promise<SeedResult | null> {
  const client = await deps.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    if (await hasCustomers(deps)) return null;
    const assignees = await seedAssignees(deps, 30_000);
    if (assignees.length === 0) {
      deps.log.warn({}, 'demo data not seeded: no active account to assign it to');
      return null;
    }
    const counts = deps.counts ?? DEMO_COUNTS;
    const result = await seedCrm({
      ...counts,
      commands: createSeedCommands(deps),
      assignees,
      seed: 42,
      concurrency: 8,
      now: new Date(),
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    deps.log.info(
      { customers: result.customers.records, deals: result.deals.records, tasks: result.tasks.records, seconds: Number(result.seconds.toFixed(1)) },
      'empty CRM: seeded demo data (SEED=0 turns this off)',
    );
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/**
 * Starts the start-up seed in the background (the server answers meanwhile); returns the stop step for the
 * platform's drain: it aborts between commands and waits for the ones in flight.
 */
export function startDemoSeed(deps: Omit<StartupSeedDeps, 'signal'> & { log: StartupSeedDeps['log'] & { error(obj: object, msg: string): void } }): () => Promise<void> {
  const abort = new AbortController();
  const running = seedDemoIfEmpty({ ...deps, signal: abort.signal }).catch((err: unknown) => {
    if (!abort.signal.aborted) deps.log.error({ err }, 'demo data seeding failed');
  });
  return async () => {
    abort.abort();
    await running;
  };
}
