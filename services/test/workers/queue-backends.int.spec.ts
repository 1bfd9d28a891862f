/**
 * The queue factory on both BullMQ backends. The Redis variant FAILS when Redis is unreachable (CI points it at
 * TEST_REDIS_URL); the Postgres variant runs on both PostgreSQL setups.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type QueueFactory, createQueueFactory } from '@crm/workers';
import { PG_SETUPS, type PgSetup, REDIS_TEST_URL, type TestDatabase, createTestDatabase } from '../../../test-support/db.ts';
import { assertRedisReachable, deleteRedisPrefix, sleep, waitFor } from './support/helpers.ts';

type Variant = { backend: 'postgres'; setup: PgSetup } | { backend: 'redis' };
const VARIANTS: [string, Variant][] = [
  ['postgres (external PostgreSQL)', { backend: 'postgres', setup: 'external' }],
  ['postgres (embedded PostgreSQL)', { backend: 'postgres', setup: 'embedded' }],
  ['redis', { backend: 'redis' }],
];

describe.each(VARIANTS)('queue factory on %s', (_label, variant) => {
  let db: TestDatabase | null = null;
  let queues: QueueFactory;
  let unreachable: Error | null = null;
  const prefix = `crm-test-${randomBytes(4).toString('hex')}`;
  const qname = (what: string) => `${what}-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    if (variant.backend === 'redis') {
      // Not a skip: every test of this variant fails with the reason (see beforeEach).
      unreachable = await assertRedisReachable(REDIS_TEST_URL).then(
        () => null,
        (err: Error) => err,
      );
      if (unreachable) return;
      queues = createQueueFactory({ redisUrl: REDIS_TEST_URL, databaseUrl: 'postgres://unused', prefix });
    } else {
      db = await createTestDatabase(variant.setup);
      queues = createQueueFactory({ redisUrl: null, databaseUrl: db.url, schema: 'bullmq_test', poolSize: 2 });
    }
    expect(queues.backend).toBe(variant.backend);
  });

  beforeEach(() => {
    if (unreachable) throw unreachable;
  });

  afterAll(async () => {
    await queues?.close();
    await db?.drop();
    if (variant.backend === 'redis' && !unreachable) await deleteRedisPrefix(REDIS_TEST_URL, prefix).catch(() => {});
  });

  it('processes an enqueued job exactly once', async () => {
    const name = qname('once');
    const seen: unknown[] = [];
    const queue = queues.queue<{ n: number }>(name);
    expect(queues.queue(name)).toBe(queue);
    const worker = queues.worker<{ n: number }>(name, async (job) => {
      seen.push(job.data);
      return { doubled: job.data.n * 2 };
    });
    const job = await queue.add('double', { n: 21 });
    await waitFor(async () => (await queue.getJob(job.id!))?.finishedOn, { what: 'job completion' });
    const done = (await queue.getJob(job.id!))!;
    expect(await done.getState()).toBe('completed');
    expect(done.returnvalue).toEqual({ doubled: 42 });
    await sleep(300);
    expect(seen).toEqual([{ n: 21 }]);
    await worker.close();
  });

  it('runs a job once when the same jobId is enqueued twice (before and after completion)', async () => {
    const name = qname('dedupe');
    let runs = 0;
    const queue = queues.queue<{ v: string }>(name);
    const a = await queue.add('x', { v: 'first' }, { jobId: 'mail-fixed-id', removeOnComplete: { age: 3600 } });
    const b = await queue.add('x', { v: 'second' }, { jobId: 'mail-fixed-id', removeOnComplete: { age: 3600 } });
    expect(b.id).toBe(a.id);
    const worker = queues.worker<{ v: string }>(name, async () => {
      runs += 1;
    });
    await waitFor(async () => (await queue.getJob('mail-fixed-id'))?.finishedOn, { what: 'job completion' });
    await queue.add('x', { v: 'third' }, { jobId: 'mail-fixed-id', removeOnComplete: { age: 3600 } });
    await sleep(500);
    expect(runs).toBe(1);
    expect((await queue.getJob('mail-fixed-id'))!.data).toEqual({ v: 'first' });
    await worker.close();
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const name = qname('retry');
    const attempts: number[] = [];
    const queue = queues.queue<null>(name);
    const worker = queues.worker<null>(name, async (job) => {
      attempts.push(Date.now());
      if (job.attemptsMade < 2) throw new Error(`transient failure ${job.attemptsMade + 1}`);
      return 'ok';
    });
    const job = await queue.add('flaky', null, { attempts: 5, backoff: { type: 'exponential', delay: 100 } });
    await waitFor(async () => (await queue.getJob(job.id!))?.finishedOn, { what: 'job completion' });
    const done = (await queue.getJob(job.id!))!;
    expect(await done.getState()).toBe('completed');
    expect(done.returnvalue).toBe('ok');
    expect(done.attemptsMade).toBe(3);
    expect(attempts).toHaveLength(3);
    // Exponential backoff: ~100 ms then ~200 ms between attempts.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(90);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(190);
    await worker.close();
  });
});

describe.each(PG_SETUPS)('a PostgreSQL-backed queue on %s PostgreSQL', (setup) => {
  let db: TestDatabase;
  let queues: QueueFactory;
  beforeAll(async () => {
    db = await createTestDatabase(setup);
    queues = createQueueFactory({ redisUrl: null, databaseUrl: db.url, schema: 'bullmq_test', poolSize: 2 });
  });
  afterAll(async () => {
    await queues?.close();
    await db?.drop();
  });
  const qname = (what: string) => `${what}-${randomBytes(3).toString('hex')}`;

  it('keeps a queue within its pool size (poolSize), however many reads run at once', async () => {
    const queue = queues.queue<{ n: number }>(qname('pool'));
    await queue.addBulk(Array.from({ length: 40 }, (_, n) => ({ name: 'n', data: { n } })));
    const database = new URL(db.url).pathname.slice(1);
    const observer = new pg.Client({ connectionString: db.url });
    await observer.connect();
    try {
      let peak = 0;
      // getJobs loads every job with its own query, all at once: the pattern that took ten connections per queue.
      const reads = Promise.all(Array.from({ length: 5 }, () => queue.getJobs(['waiting'])));
      let reading = true;
      void reads.finally(() => (reading = false));
      while (reading) {
        const { rows } = await observer.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
        peak = Math.max(peak, rows[0].n);
        await sleep(2);
      }
      expect((await reads).map((jobs) => jobs.length)).toEqual([40, 40, 40, 40, 40]);
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThanOrEqual(2);
    } finally {
      await observer.end();
    }
  });
});
