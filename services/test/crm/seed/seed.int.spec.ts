/** The seed through the real services on a test database, and the start-up hook (once, never with SEED=0). */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@crm/contracts';
import { projections, startProjection, type ProjectionRunner } from '@crm/projections';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/db.ts';
import { startTestApp, type TestApp } from '../../../../test-support/app.ts';
import { migrateDatabase } from '../../../src/db/migrate.ts';
import { createEventStore } from '../../../src/eventstore/create-event-store.ts';
import { createAccounts } from '../../../src/identity/accounts.ts';
import { createSeedCommands, seedAssignees } from '../../../src/crm/seed/crm-commands.ts';
import { catchUpReadModels } from '../../../src/crm/seed/seed-cli.ts';
import { seedCrm } from '../../../src/crm/seed/seed-runner.ts';
import { silentProgress } from '../../../src/crm/seed/progress.ts';
import { DEMO_COUNTS, seedDemoIfEmpty } from '../../../src/crm/seed/startup-seed.ts';

const quietLog = { info() {}, warn() {}, error() {} };

async function counts(pool: pg.Pool) {
  const { rows } = await pool.query<{ c: number; d: number; t: number }>(
    'SELECT (SELECT count(*) FROM crm_customers)::int AS c, (SELECT count(*) FROM crm_deals)::int AS d, (SELECT count(*) FROM crm_tasks)::int AS t',
  );
  return rows[0]!;
}

describe('seeding through the commands', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: EventStore;
  let runners: ProjectionRunner[] = [];
  beforeAll(async () => {
    db = await createTestDatabase('external');
    pool = new pg.Pool({ connectionString: db.url, max: 12 });
    // The database is dropped WITH FORCE at the end: a client still closing then gets "terminating connection".
    pool.on('error', () => {});
    await migrateDatabase(pool);
    store = await createEventStore({ eventStoreUrl: null, pool, databaseUrl: db.url });
    await createAccounts({ pool, store }).bootstrapAdmin({ email: 'seed-admin@example.com', password: 'seed-admin-password-1234' }, {
      now: new Date(),
      userId: null,
      metadata: { correlationId: 'test', userId: null, causationId: null },
    });
    runners = projections.map((def) => startProjection(def, { pool, store }));
    // The seed's commands read read models (crm_customers among them): their tables exist once caught up.
    await Promise.all(runners.map((r) => r.caughtUp));
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  it('creates customers, deals and tasks as events, and the read models hold them', async () => {
    const assignees = await seedAssignees({ pool, store }, 10_000);
    expect(assignees).toHaveLength(1);
    const result = await seedCrm({ customers: 5, deals: 5, tasks: 5, commands: createSeedCommands({ pool, store, filesDir: `${process.cwd()}/.data/test-seed-files` }), assignees, seed: 11, concurrency: 4, now: new Date() });
    expect(result.firstError).toBeNull();
    expect([result.customers.records, result.deals.records, result.tasks.records]).toEqual([5, 5, 5]);
    expect(await catchUpReadModels({ pool, store }, silentProgress, 20_000)).toBe(true);

    const { rows: events } = await pool.query<{ type: string; n: number }>('SELECT type, count(*)::int AS n FROM es_events GROUP BY type');
    const byType = Object.fromEntries(events.map((e) => [e.type, e.n]));
    expect(byType.CustomerCreated).toBe(5);
    expect(byType.DealCreated).toBe(5);
    expect(byType.TaskCreated).toBe(5);
    expect(await counts(pool)).toEqual({ c: 5, d: 5, t: 5 });
    // Dated as the plans say: created over the past months, not all now; every record assigned.
    const { rows } = await pool.query<{ oldest: Date; unassigned: number }>('SELECT min(created_at) AS oldest, count(*) FILTER (WHERE assigned_to IS NULL)::int AS unassigned FROM crm_customers');
    expect(Date.now() - rows[0]!.oldest.getTime()).toBeGreaterThan(3_600_000);
    expect(rows[0]!.unassigned).toBe(0);
  });

  it('the start-up hook does nothing on a database that has customers', async () => {
    expect(await seedDemoIfEmpty({ pool, store, filesDir: '/tmp', log: quietLog, counts: { customers: 1, deals: 0, tasks: 0 } })).toBeNull();
    expect((await counts(pool)).c).toBe(5);
  });
});

describe('start-up demo seed', () => {
  let app: TestApp | null = null;
  afterAll(async () => {
    await app?.stop();
  });

  it('seeds the demo set once on an empty database with SEED=1', async () => {
    app = await startTestApp({ env: { SEED: '1' } });
    const pool = app.platform.pool;
    const deadline = Date.now() + 90_000;
    let lastError: unknown = null;
    const read = (fallback: Awaited<ReturnType<typeof counts>>) =>
      counts(pool).catch((err: unknown) => {
        lastError = err;
        return fallback;
      });
    let seen = await read({ c: 0, d: 0, t: 0 });
    while ((seen.c < DEMO_COUNTS.customers || seen.d < DEMO_COUNTS.deals || seen.t < DEMO_COUNTS.tasks) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      seen = await read(seen);
    }
    const diagnosis = async () => {
      const events = await pool.query(`SELECT type, count(*)::int AS n FROM es_events WHERE type IN ('CustomerCreated', 'DealCreated', 'TaskCreated') GROUP BY type`);
      const state = await pool.query(`SELECT name, checkpoint, generation FROM projection_state WHERE name LIKE 'crm_%'`);
      return `last read-model error: ${String(lastError)}; events ${JSON.stringify(events.rows)}; projections ${JSON.stringify(state.rows)}; head ${await app!.platform.store.headCheckpoint()}`;
    };
    expect(seen, seen.c === DEMO_COUNTS.customers ? '' : await diagnosis()).toEqual({ c: DEMO_COUNTS.customers, d: DEMO_COUNTS.deals, t: DEMO_COUNTS.tasks });
    // Some deals won or lost, some tasks overdue: the charts and the overdue badge have something to show.
    const { rows } = await pool.query<{ won: number; lost: number; overdue: number }>(
      `SELECT (SELECT count(*) FROM crm_deals WHERE stage = 'closed_won')::int AS won, (SELECT count(*) FROM crm_deals WHERE stage = 'closed_lost')::int AS lost,
              (SELECT count(*) FROM crm_tasks WHERE status IN ('pending', 'in_progress') AND due_date < now())::int AS overdue`,
    );
    expect(rows[0]!.won).toBeGreaterThan(0);
    expect(rows[0]!.lost).toBeGreaterThan(0);
    expect(rows[0]!.overdue).toBeGreaterThan(0);
    // A second start (or a second api process) finds customers and seeds nothing.
    expect(await seedDemoIfEmpty({ pool, store: app.platform.store, filesDir: app.dataDir, log: quietLog })).toBeNull();
    expect((await counts(pool)).c).toBe(DEMO_COUNTS.customers);
  }, 120_000);

  it('does not seed with SEED=0 (the tests\' default)', async () => {
    const quiet = await startTestApp();
    try {
      await new Promise((r) => setTimeout(r, 1500));
      const { rows } = await quiet.platform.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM es_streams WHERE stream_id LIKE 'customer-%'`);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await quiet.stop();
    }
  });
});
