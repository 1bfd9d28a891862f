/** The recorder on a real PostgreSQL: one process records at a time, and another takes over when it stops. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/db.ts';
import { STATUS_SCHEMA_SQL } from '../../src/status/status.sql.ts';
import { startStatusRecorder } from '../../src/status/status-recorder.ts';
import type { CheckResult } from '../../src/status/status-checks.ts';
import { waitFor } from '../workers/support/helpers.ts';

let db: TestDatabase;
let poolA: pg.Pool;
let poolB: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase('external');
  poolA = new pg.Pool({ connectionString: db.url, max: 3 });
  poolB = new pg.Pool({ connectionString: db.url, max: 3 });
  // The database is dropped WITH FORCE at the end: a client still closing then gets "terminating connection".
  for (const pool of [poolA, poolB]) pool.on('error', () => {});
  await poolA.query(STATUS_SCHEMA_SQL);
});
afterAll(async () => {
  await poolA?.end();
  await poolB?.end();
  await db?.drop();
});

const checks = (label: { calls: number }) => async (): Promise<CheckResult[]> => {
  label.calls += 1;
  return [
    { service: 'api', state: 'operational', responseMs: 2 },
    { service: 'eventStore', state: 'operational', responseMs: 1 },
    { service: 'projections', state: 'degraded', responseMs: 3 },
    { service: 'queue', state: 'operational', responseMs: 4 },
  ];
};

describe('status recorder', () => {
  it('only the lock holder checks and records; the standby takes over when it stops', async () => {
    const a = { calls: 0 };
    const b = { calls: 0 };
    const recorderA = startStatusRecorder({ pool: poolA, check: checks(a), intervalMs: 200 });
    await waitFor(() => recorderA.isLeader(), { what: 'A leads' });
    const recorderB = startStatusRecorder({ pool: poolB, check: checks(b), intervalMs: 200 });
    await waitFor(() => a.calls >= 5, { what: 'A records five rounds' });
    expect(recorderB.isLeader()).toBe(false);
    expect(b.calls).toBe(0);
    const { rows } = await poolA.query<{ n: number; services: number }>(
      'SELECT count(DISTINCT at)::int AS n, count(*)::int / count(DISTINCT at)::int AS services FROM status_samples',
    );
    // A round may be between its check and its insert right now.
    expect(rows[0]!.n).toBeGreaterThanOrEqual(a.calls - 1);
    expect(rows[0]!.n).toBeLessThanOrEqual(a.calls);
    expect(rows[0]!.services).toBe(4);

    await recorderA.stop();
    await waitFor(() => b.calls >= 2, { what: 'B takes over' });
    expect(recorderB.isLeader()).toBe(true);
    await recorderB.stop();
    const states = await poolA.query<{ service: string; state: string; response_ms: number }>(
      `SELECT service, state, response_ms FROM status_samples WHERE service = 'projections' LIMIT 1`,
    );
    expect(states.rows[0]).toEqual({ service: 'projections', state: 'degraded', response_ms: 3 });
  });

  it('records nothing while its process is still starting, then begins without waiting a whole interval', async () => {
    await poolA.query('DELETE FROM status_samples');
    const calls = { calls: 0 };
    let started = false;
    const recorder = startStatusRecorder({ pool: poolA, check: checks(calls), intervalMs: 60_000, readyToRecord: () => started });
    await new Promise((r) => setTimeout(r, 700));
    expect(calls.calls).toBe(0);
    expect((await poolA.query('SELECT count(*)::int AS n FROM status_samples')).rows[0].n).toBe(0);
    started = true;
    await waitFor(() => calls.calls >= 1, { what: 'the first round once started', timeoutMs: 3000 });
    await recorder.stop();
  });
});
