/**
 * Finished jobs kept by the queue (MAIL_JOB_OPTIONS: removeOnComplete/removeOnFail false) and removed by the
 * clean-up timer once past their retention (workers/src/queue/finished-job-cleaner.ts): real PostgreSQL, the
 * PostgreSQL-backed BullMQ. A completion no longer runs BullMQ's per-job age retention, whose DELETE read every
 * job of the queue (the reason for the timer).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppWorker, MAIL_JOB_OPTIONS, type QueueFactory, cleanFinishedJobs, createQueueFactory, silentLogger } from '@crm/workers';
import { type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { waitFor } from './support/helpers.ts';

const QUEUE = 'cleaner-test';

describe('finished job clean-up (external PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let queues: QueueFactory;
  let worker: AppWorker<{ fail: boolean }>;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => {}); // the database is dropped WITH (FORCE) at the end
    queues = createQueueFactory({ redisUrl: null, databaseUrl: db.url, poolSize: 2 });
    worker = queues.worker<{ fail: boolean }>(QUEUE, async (job) => {
      if (job.data.fail) throw new Error('refused');
      return 'ok';
    });
  });

  afterAll(async () => {
    await queues?.close();
    await pool?.end();
    await db?.drop();
  });

  const states = async () => {
    const { rows } = await pool.query<{ id: string; state: string }>('SELECT id, state::text FROM bullmq.job WHERE queue = $1 ORDER BY id', [QUEUE]);
    return Object.fromEntries(rows.map((r) => [r.id, r.state]));
  };

  it('keeps finished jobs (their ids deduplicate) until the cleaner finds them past their retention', async () => {
    const q = queues.queue<{ fail: boolean }>(QUEUE);
    const opts = { ...MAIL_JOB_OPTIONS, attempts: 1 };
    await q.add('x', { fail: false }, { ...opts, jobId: 'done-1' });
    await q.add('x', { fail: false }, { ...opts, jobId: 'done-2' });
    await q.add('x', { fail: true }, { ...opts, jobId: 'failed-1' });
    await waitFor(async () => Object.values(await states()).every((s) => s === 'completed' || s === 'failed'), { what: 'the jobs to finish' });
    expect(await states()).toEqual({ 'done-1': 'completed', 'done-2': 'completed', 'failed-1': 'failed' });

    // A finished job's id still deduplicates.
    await q.add('x', { fail: false }, { ...opts, jobId: 'done-1' });
    expect((await states())['done-1']).toBe('completed');

    // Within their retention: nothing removed.
    const keep = cleanFinishedJobs(q, { completedAgeMs: 60_000, failedAgeMs: 60_000 }, { log: silentLogger, intervalMs: 3_600_000 });
    await keep.runOnce();
    await keep.stop();
    expect(Object.keys(await states())).toHaveLength(3);

    // Completed jobs past theirs go; the failed one, still within its own, stays.
    await worker.pause();
    await q.add('x', { fail: false }, { ...opts, jobId: 'waiting-1' });
    const expire = cleanFinishedJobs(q, { completedAgeMs: 0, failedAgeMs: 60_000 }, { log: silentLogger, intervalMs: 3_600_000 });
    await expire.runOnce();
    expect(await states()).toEqual({ 'failed-1': 'failed', 'waiting-1': 'waiting' });

    // The timer runs passes by itself; stop() ends them.
    const timed = cleanFinishedJobs(q, { completedAgeMs: 0, failedAgeMs: 0 }, { log: silentLogger, intervalMs: 20 });
    await waitFor(async () => !('failed-1' in (await states())), { what: 'the timer to remove the failed job' });
    await timed.stop();
    await expire.stop();
    expect(await states()).toEqual({ 'waiting-1': 'waiting' });
  });
});
