/**
 * An app's PostgreSQL connections stay within the budget its configuration promises (README, "Configuration"):
 * its pool, one lock connection for all its projections, the event subscription, the status recorder, and per
 * PostgreSQL-backed queue or worker a pool of QUEUE_POOL_MAX (plus the worker's listening connection).
 * A burst of bookings (each a mail through the queue) must not push it past that: the test server has 100.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

let app: TestApp;
let observer: pg.Client;
beforeAll(async () => {
  app = await startTestApp({ env: { DATABASE_POOL_MAX: String(POOL_MAX), QUEUE_POOL_MAX: String(QUEUE_POOL_MAX) } });
  observer = new pg.Client({ connectionString: app.platform.databaseUrl });
  await observer.connect();
});
afterAll(async () => {
  await observer?.end();
  await app?.stop();
});

it('stays within its connection budget under a burst of bookings and their mails', async () => {
  const database = new URL(app.platform.databaseUrl).pathname.slice(1);
  const connections = async () =>
    Number((await observer.query('SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database])).rows[0].count);
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await connections());
      await new Promise((r) => setTimeout(r, 10));
    }
  })();

  const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
  try {
    const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      rest(app, '/api/bookings', {
        method: 'POST',
        json: {
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          company: 'Acme',
          phone: '+33 1 23 45 67 89',
          meetingType: 'demo',
          preferredDate: businessDayIn(10 + Math.floor(i / times.length)),
          preferredTime: times[i % times.length],
          message: 'Hello',
        },
      }),
    ),
  );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    // Every confirmation mail is sent (the queue and its worker were busy the whole time).
    await expect
      .poll(async () => Number((await observer.query(`SELECT count(*) FROM mail_sent`)).rows[0].count), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(40);
  } finally {
    sampling = false;
    await sampler;
  }
  // The app was busy: its pool filled.
  expect(peak).toBeGreaterThanOrEqual(POOL_MAX);
  expect(peak).toBeLessThanOrEqual(BUDGET);
});
