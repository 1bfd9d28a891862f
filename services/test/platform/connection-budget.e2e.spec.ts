/**
 * An app's PostgreSQL connections stay within the budget its configuration promises (README, "Configuration"):
 * its pool, one lock connection for all its projections, the event subscription, the status recorder, and per
 * PostgreSQL-backed queue or worker a pool of QUEUE_POOL_MAX (plus the worker's listening connection).
 * A burst of bookings (each a mail through the queue) must not push it past that: the test server has 100.
 * Its pools keep their idle connections for DATABASE_IDLE_TIMEOUT_MS, and close them after it; the app's pool opens
 * DATABASE_POOL_MIN at start and keeps those.
 */
import pg from 'pg';
import { expect, it } from 'vitest';
import { QUEUE_APPLICATION_NAME } from '@crm/workers';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { businessDayIn } from '../../../test-support/dates.ts';
import { rest } from '../../../test-support/http.ts';

/** The app's own pool (the reactors take a client only to save a checkpoint: their locks are on the lock connection). */
const POOL_MAX = 9;
const QUEUE_POOL_MAX = 2;
/** Four queues: the api's and the reactors' mail queues, the webhooks queue and the Slack queue (their reactors'). */
const QUEUES = 4;
/** Three workers, each with a pool of at least its concurrency (mail 4, webhooks 16, Slack 2), each also listening. */
const WORKER_POOLS = [4, 16, 2].map((concurrency) => Math.max(QUEUE_POOL_MAX, concurrency) + 1);
const BUDGET = POOL_MAX + 1 + 1 + 1 + QUEUES * QUEUE_POOL_MAX + WORKER_POOLS.reduce((a, b) => a + b, 0);

/** `count` bookings at once (each a mail through the queue); every answer a 201. */
async function bookingBurst(target: TestApp, count: number, tag = ''): Promise<void> {
  const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      rest(target, '/api/bookings', {
        method: 'POST',
        json: {
          name: `Visitor ${i}`,
          email: `visitor${tag}${i}@example.com`,
          company: 'Acme',
          phone: '+33 1 23 45 67 89',
          meetingType: 'demo',
          preferredDate: businessDayIn((tag ? 20 : 10) + Math.floor(i / times.length)),
          preferredTime: times[i % times.length],
          message: 'Hello',
        },
      }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
}

/**
 * An app of its own with a client watching its database, both closed after `test`: one app at a time in this file
 * (the other file running beside it has its own), the first one's connections gone before the second starts.
 */
async function withApp(env: Record<string, string>, test: (app: TestApp, watcher: pg.Client, database: string) => Promise<void>): Promise<void> {
  const app = await startTestApp({ env: { DATABASE_POOL_MAX: String(POOL_MAX), QUEUE_POOL_MAX: String(QUEUE_POOL_MAX), ...env } });
  const watcher = new pg.Client({ connectionString: app.platform.databaseUrl });
  try {
    await watcher.connect();
    await test(app, watcher, new URL(app.platform.databaseUrl).pathname.slice(1));
  } finally {
    await watcher.end();
    await app.stop();
  }
}

const mailsSent = async (watcher: pg.Client) => Number((await watcher.query(`SELECT count(*) FROM mail_sent`)).rows[0].count);

/** The highest counts `sample` gave (every 10 ms) while a burst of `count` bookings was answered and its mails sent. */
async function burstPeaks<T extends Record<string, number>>(app: TestApp, watcher: pg.Client, count: number, sample: () => Promise<T>): Promise<T> {
  const peak: Record<string, number> = {};
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      for (const [key, value] of Object.entries(await sample())) peak[key] = Math.max(peak[key] ?? 0, value);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    await bookingBurst(app, count);
    await expect.poll(() => mailsSent(watcher), { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  } finally {
    sampling = false;
    await sampler;
  }
  return peak as T;
}

it('stays within its connection budget under a burst of bookings and their mails', () =>
  withApp({}, async (app, watcher, database) => {
    const connections = async () =>
      Number((await watcher.query('SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database])).rows[0].count);
    // Every confirmation mail is sent (the queue and its worker were busy the whole time).
    const { all: peak } = await burstPeaks(app, watcher, 40, async () => ({ all: await connections() }));
    // The app was busy: its pool filled.
    expect(peak).toBeGreaterThanOrEqual(POOL_MAX);
    expect(peak).toBeLessThanOrEqual(BUDGET);
  }));

it('keeps DATABASE_POOL_MIN connections open, closes the rest after DATABASE_IDLE_TIMEOUT_MS, and keeps all through a shorter lull', () => {
  // Every pool (the app's, each queue's and each worker's) keeps an idle connection this long; the suites set 10 s,
  // the app's default is 10 min (node-postgres' 10 s reopened them in every lull: docs/PERFORMANCE.md).
  const idleMs = 3_000;
  // The app's pool keeps this many past the timeout (the app's default is 8; the suites set 0).
  const minimum = 2;
  return withApp({ DATABASE_IDLE_TIMEOUT_MS: String(idleMs), DATABASE_POOL_MIN: String(minimum) }, async (app, watcher, database) => {
    // The connections of the app's pool (its lock and status connections share its name), and of the queues' pools.
    const connections = async () => {
      const { rows } = await watcher.query<{ app: number; queue: number }>(
        `SELECT count(*) FILTER (WHERE application_name = 'crm api+projector+worker')::int AS app,
                count(*) FILTER (WHERE application_name = $2)::int AS queue
           FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database, QUEUE_APPLICATION_NAME],
      );
      return rows[0]!;
    };
    // A burst of bookings and their mails opens connections in every pool.
    const peak = await burstPeaks(app, watcher, 24, connections);
    expect(peak.app).toBeGreaterThan(minimum + 2);
    expect(peak.queue).toBeGreaterThan(2);
    // Soon past the timeout, well before node-postgres' default 10 s would close a pool left unconfigured, the app's
    // pool is back at its minimum beside the lock and status connections, and none of the queues' are left (but one a
    // poll may hold then).
    await expect
      .poll(connections, { timeout: idleMs * 2, interval: 100 })
      .toMatchObject({ app: expect.toBeOneOf([minimum + 2, minimum + 3]), queue: expect.toBeOneOf([0, 1]) });
    // Through a lull shorter than the timeout they stay open: the next request finds them.
    await bookingBurst(app, 24, 'again');
    const opened = await connections();
    expect(opened.app).toBeGreaterThan(minimum + 3);
    await new Promise((r) => setTimeout(r, idleMs / 2));
    expect((await connections()).app).toBeGreaterThanOrEqual(opened.app - 1);
  });
});

it('opens DATABASE_POOL_MIN connections before it answers, where starting alone opens few (an api process)', () => {
  // An app with every role fills its pool anyway while its projections catch up at start; an api process does not.
  const minimum = 6;
  return withApp({ ROLE: 'api', DATABASE_POOL_MIN: String(minimum) }, async (_app, watcher, database) => {
    const { rows } = await watcher.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'crm api' AND datname = $1`, [database]);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(minimum);
  });
});
