/**
 * THE required projection test (STACK.md, "Projections": read-model rows and checkpoint commit in one
 * transaction): a projector killed (SIGKILL) in the middle of a batch and restarted leaves exactly the
 * rows a clean rebuild leaves. The projector runs in a child process with batches of 10 events and is
 * killed while a batch transaction is open (its rows and checkpoint written, not committed).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { bookingsProjection, rebuildProjection, startProjection } from '@crm/projections';
import { PG_SETUPS } from '../../../test-support/db.ts';
import {
  type ProjectionTestEnv,
  allRows,
  caughtUpOrError,
  openProjectionTestEnv,
  projectionState,
  waitFor,
  writeBookingHistory,
} from '../support/projection-fixtures.ts';

const CHILD = path.join(import.meta.dirname, '..', 'support', 'projector-child.ts');

interface ChildMessage {
  type: 'started' | 'committed' | 'in-batch';
  batch?: number;
  events?: number;
  checkpoint?: string;
}

// The two PostgreSQL setups run side by side (separate databases and processes) to keep the file short.
describe.concurrent('projector killed mid-batch', () => {
  const envs: ProjectionTestEnv[] = [];
  afterAll(async () => {
    await Promise.all(envs.map((e) => e.close()));
  });

  it.for(PG_SETUPS)('on %s PostgreSQL: a projector killed in the middle of a batch and restarted leaves exactly the rows a clean rebuild leaves', async (setup, { expect }) => {
    const env = await openProjectionTestEnv(setup);
    envs.push(env);
    const history = await writeBookingHistory(env.store);
    const allEvents = (await env.store.readAll({ after: null, limit: 10_000 })).events;
    expect(allEvents).toHaveLength(history.events);

    // 1. Projector in a child process; SIGKILL once batch 21 is open (20 batches = 200 events committed).
    const child = fork(CHILD, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATABASE_URL: env.url, BATCH_SIZE: '10', KILL_AFTER_BATCHES: '20', SLEEP_MS: '60000' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const messages: ChildMessage[] = [];
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
    const killedMidBatch = new Promise<ChildMessage>((resolve, reject) => {
      child.on('message', (m: ChildMessage) => {
        messages.push(m);
        if (m.type === 'in-batch') {
          child.kill('SIGKILL');
          resolve(m);
        }
      });
      child.on('exit', () => reject(new Error(`projector child exited before reaching the batch: ${JSON.stringify(messages.slice(-3))}`)));
    });
    const inBatch = await killedMidBatch;
    expect(await exited).toBe('SIGKILL');

    const committed = messages.filter((m) => m.type === 'committed');
    expect(committed).toHaveLength(20);
    const lastCommitted = committed.at(-1)!.checkpoint!;
    expect(inBatch.checkpoint).toBe(allEvents[209]!.checkpoint);

    // 2. The killed batch left nothing: the checkpoint is the last committed one, the rows are those of
    //    the first 200 events exactly (PostgreSQL rolls the open transaction back when the socket closes).
    await waitFor(async () => (await env.pool.query("SELECT 1 FROM pg_stat_activity WHERE state = 'idle in transaction' AND datname = current_database()")).rowCount === 0, 10_000, 'the killed transaction to end');
    expect((await projectionState(env.pool, 'bookings'))?.checkpoint).toBe(lastCommitted);
    expect(lastCommitted).toBe(allEvents[199]!.checkpoint);
    const requestedSoFar = allEvents.slice(0, 200).filter((e) => e.type === 'BookingRequested').length;
    const { rows: countRows } = await env.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    expect(countRows[0]!.n).toBe(requestedSoFar);

    // 3. Restart (in-process) and run to completion; the dead holder's advisory lock is gone with its session.
    const runner = startProjection(bookingsProjection, { pool: env.pool, store: env.store, batchSize: 500, lockRetryMs: 100 });
    await caughtUpOrError(runner);
    expect(runner.status()).toMatchObject({ state: 'live', lastError: null, eventsApplied: history.events - 200 });
    await runner.stop();
    const afterRestart = await allRows(env.pool, 'bookings');
    const state = await projectionState(env.pool, 'bookings');
    expect(state?.checkpoint).toBe(await env.store.headCheckpoint());
    expect(afterRestart).toHaveLength(1250);

    // 4. A clean rebuild into a new generation leaves exactly the same rows.
    const rebuilt = await rebuildProjection(bookingsProjection, { pool: env.pool, store: env.store, batchSize: 1000 });
    expect(rebuilt.events).toBe(history.events);
    expect(rebuilt.generation).toBe(state!.generation + 1);
    expect(await allRows(env.pool, 'bookings')).toEqual(afterRestart);

    const { rows: byStatus } = await env.pool.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM bookings GROUP BY status');
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual(history.expected);
  });
});
