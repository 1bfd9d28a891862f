/**
 * The site's page views per traffic source and day (`marketing_traffic_daily`, issue 16): folded from
 * `AnalyticsEventsRecorded` batches in small projection batches; a page view's source is its utm_source
 * (lower-cased), else its referrer host without `www.`, else `direct`; other event names are not visits; the day is
 * the batch's day of receipt. The expected rows are counted here from the batches written.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsStreamId, type NewEvent } from '@crm/contracts';
import { analyticsSourcesProjection, startProjection, trafficSourceOf } from '@crm/projections';
import { type ProjectionTestEnv, caughtUpOrError, openProjectionTestEnv, waitForVisible } from '../support/projection-fixtures.ts';

type Props = Record<string, string | number | boolean>;
const batches: { receivedAt: string; events: { name: string; props: Props }[] }[] = [
  { receivedAt: '2030-03-01T23:59:00.000Z', events: [{ name: 'page_view', props: { page: 'home', utmSource: 'Newsletter' } }, { name: 'page_view', props: { page: 'about', referrer: 'www.google.com' } }, { name: 'start_trial', props: { utmSource: 'newsletter' } }] },
  { receivedAt: '2030-03-02T00:01:00.000Z', events: [{ name: 'page_view', props: { page: 'home' } }, { name: 'page_view', props: { page: 'home', utmSource: 'newsletter', referrer: 'google.com' } }] },
  { receivedAt: '2030-03-02T10:00:00.000Z', events: [{ name: 'page_view', props: { page: 'pricing', referrer: 'google.com' } }, { name: 'page_view', props: { page: 'home', utmSource: ' ' } }] },
];

let env: ProjectionTestEnv;

beforeAll(async () => {
  env = await openProjectionTestEnv('external');
  let last = '';
  for (const b of batches) {
    const event: NewEvent = {
      id: randomUUID(),
      type: 'AnalyticsEventsRecorded',
      schemaVersion: 1,
      data: { receivedAt: b.receivedAt, events: b.events.map((e, i) => ({ ...e, path: '/', at: b.receivedAt, sessionId: `session-${i}-abcdef` })) },
      metadata: { correlationId: 'test', userId: null },
    };
    last = (await env.store.append(analyticsStreamId(new Date(b.receivedAt)), [event], { expectedVersion: 'any' })).checkpoint;
  }
  await waitForVisible(env.store, last);
  const runner = startProjection(analyticsSourcesProjection, { pool: env.pool, store: env.store, batchSize: 1 });
  await caughtUpOrError(runner);
  await runner.stop();
}, 60_000);
afterAll(async () => {
  await env?.close();
});

describe('marketing_traffic_daily', () => {
  it('counts page views per UTC day of receipt and source', async () => {
    const expected = new Map<string, number>();
    for (const b of batches) {
      for (const e of b.events.filter((x) => x.name === 'page_view')) {
        const key = `${b.receivedAt.slice(0, 10)} ${trafficSourceOf(e.props.utmSource, e.props.referrer)}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
    }
    const { rows } = await env.pool.query<{ day: string; source: string; page_views: number }>(`SELECT day::text AS day, source, page_views FROM marketing_traffic_daily ORDER BY 1, 2`);
    expect(new Map(rows.map((r) => [`${r.day} ${r.source}`, r.page_views]))).toEqual(expected);
    expect(rows).toEqual([
      { day: '2030-03-01', source: 'google.com', page_views: 1 },
      { day: '2030-03-01', source: 'newsletter', page_views: 1 },
      { day: '2030-03-02', source: 'direct', page_views: 2 },
      { day: '2030-03-02', source: 'google.com', page_views: 1 },
      { day: '2030-03-02', source: 'newsletter', page_views: 1 },
    ]);
  });
});
