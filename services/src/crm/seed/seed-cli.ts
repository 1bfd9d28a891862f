/**
 * `npm run seed -- --customers N --deals N --tasks N [--seed S] [--concurrency C]`: demo data through the
 * CRM's commands, on the database `npm start` uses (embedded PostgreSQL under DATA_DIR, or DATABASE_URL /
 * EVENTSTORE_URL). The projections run in this process too (standing by if the app is running and holds
 * them), so the read models are filled before it exits.
 */
import pg from 'pg';
import { projections, startProjection, type ProjectionRunner } from '@crm/projections';
import type { EventStore } from '@crm/contracts';
import type { Config } from '../../config/config.ts';
import { configuredDatabase } from '../../db/embedded-postgres.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { createEventStore } from '../../eventstore/create-event-store.ts';
import { createAccounts } from '../../identity/accounts.ts';
import { createSeedCommands, seedAssignees } from './crm-commands.ts';
import { type ProgressFactory, terminalProgress } from './progress.ts';
import { type SeedResult, seedCrm } from './seed-runner.ts';

export const SEED_USAGE = `usage: npm run seed -- [--customers N] [--deals N] [--tasks N] [--seed S] [--concurrency C]
  --customers N     customers to create (default 200)
  --deals N         deals, spread over the customers and the six stages (default 300)
  --tasks N         tasks, most about a customer or a deal (default 400)
  --seed S          random seed: the same seed draws the same data (default: random)
  --concurrency C   commands in flight (default 24)
Connects like \`npm start\` (DATA_DIR, DATABASE_URL, EVENTSTORE_URL); works while the app runs.`;

export interface SeedCliArgs {
  customers: number;
  deals: number;
  tasks: number;
  seed: number;
  concurrency: number;
}

export class SeedUsageError extends Error {}

export function parseSeedArgs(argv: readonly string[], random: () => number = Math.random): SeedCliArgs | 'help' {
  const args: SeedCliArgs = { customers: 200, deals: 300, tasks: 400, seed: Math.floor(random() * 2 ** 31), concurrency: 24 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      const v = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      const n = Number(v?.replace(/_/g, ''));
      if (v === undefined || v === '' || !Number.isInteger(n) || n < 0) throw new SeedUsageError(`${flag} needs a whole number ≥ 0`);
      return n;
    };
    switch (flag) {
      case '--customers':
        args.customers = value();
        break;
      case '--deals':
        args.deals = value();
        break;
      case '--tasks':
        args.tasks = value();
        break;
      case '--seed':
        args.seed = value();
        break;
      case '--concurrency':
        args.concurrency = Math.max(1, Math.min(256, value()));
        break;
      case '--help':
      case '-h':
        return 'help';
      default:
        throw new SeedUsageError(`unknown option ${arg}`);
    }
  }
  if (args.customers === 0 && (args.deals > 0 || args.tasks > 0)) {
    // Deals need a customer; tasks may go without, but demo data about nobody is not much of a demo.
    throw new SeedUsageError('--deals and --tasks need at least one customer (--customers ≥ 1)');
  }
  return args;
}

/** Waits until the CRM read models have applied every event there is now (a bar over the projections). */
export async function catchUpReadModels(deps: { pool: pg.Pool; store: EventStore }, progress: ProgressFactory, timeoutMs = 600_000): Promise<boolean> {
  const names = ['crm_customers', 'crm_deals', 'crm_tasks'];
  const head = await deps.store.headCheckpoint();
  const bar = progress('read models', names.length, 'caught up');
  const deadline = Date.now() + timeoutMs;
  let done = 0;
  try {
    for (const name of names) {
      for (;;) {
        const { rows } = await deps.pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM projection_state WHERE name = $1', [name]);
        const at = rows[0]?.checkpoint ?? null;
        if (!head || (at && deps.store.compareCheckpoints(at, head) >= 0)) break;
        if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 100));
      }
      bar.update(++done);
    }
    return true;
  } finally {
    bar.stop();
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function seedSummary(r: SeedResult): string {
  const line = (label: string, p: SeedResult['customers']) =>
    `  ${label.padEnd(10)} ${fmt(p.records).padStart(9)} in ${p.seconds.toFixed(1).padStart(6)} s  ${fmt(p.perSecond).padStart(6)}/s  (${fmt(p.commands)} commands${p.failed ? `, ${fmt(p.failed)} FAILED` : ''})`;
  return [line('customers', r.customers), line('deals', r.deals), line('tasks', r.tasks), `  total      ${r.seconds.toFixed(1)} s`].join('\n');
}

export async function runSeedCli(argv: readonly string[], config: Config): Promise<number> {
  let args: SeedCliArgs | 'help';
  try {
    args = parseSeedArgs(argv);
  } catch (err) {
    if (!(err instanceof SeedUsageError)) throw err;
    process.stderr.write(`seed: ${err.message}\n${SEED_USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(`${SEED_USAGE}\n`);
    return 0;
  }
  const { url: databaseUrl, embedded } = await configuredDatabase(config);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: args.concurrency + 12 });
  pool.on('error', () => {});
  let runners: ProjectionRunner[] = [];
  let store: EventStore | null = null;
  const abort = new AbortController();
  const onSignal = () => {
    process.stderr.write('\nseed: interrupted, finishing the commands in flight\n');
    abort.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await migrateDatabase(pool);
    store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl });
    const progress = terminalProgress();
    // The same admin bootstrap as `npm start`: a fresh database gets its first account here.
    const admin = await createAccounts({ pool, store }).bootstrapAdmin(config.admin, {
      now: new Date(),
      userId: null,
      metadata: { correlationId: 'bootstrap', userId: null, causationId: null },
    });
    if (admin?.generatedPassword) process.stdout.write(`\n  First admin created: ${admin.email}\n  Password (shown once): ${admin.generatedPassword}\n\n`);
    runners = projections.map((def) => startProjection(def, { pool, store: store! }));
    const assignees = await seedAssignees({ pool, store }, 60_000);
    if (assignees.length === 0) {
      process.stderr.write('seed: no active, approved account to assign the records to\n');
      return 1;
    }
    process.stdout.write(
      `Seeding ${fmt(args.customers)} customers, ${fmt(args.deals)} deals, ${fmt(args.tasks)} tasks (seed ${args.seed}, ${args.concurrency} in flight, ` +
        `${assignees.length} assignee${assignees.length === 1 ? '' : 's'}, event store: ${store.kind})\n`,
    );
    const result = await seedCrm({
      ...args,
      commands: createSeedCommands({ pool, store, filesDir: config.filesDir }),
      assignees,
      now: new Date(),
      progress,
      signal: abort.signal,
    });
    const caughtUp = await catchUpReadModels({ pool, store }, progress);
    process.stdout.write(`${seedSummary(result)}\n`);
    if (result.firstError) process.stderr.write(`seed: first failure: ${result.firstError}\n`);
    if (!caughtUp) process.stderr.write('seed: the read models did not catch up within 10 minutes (the projector keeps going when the app runs)\n');
    return abort.signal.aborted ? 130 : result.customers.failed + result.deals.failed + result.tasks.failed > 0 ? 1 : 0;
  } finally {
    await Promise.all(runners.map((r) => r.stop()));
    await store?.close();
    await pool.end();
    await embedded?.stop();
  }
}
