/**
 * The site's first-party page views per traffic source and UTC day (issue 16, the Marketing Analytics tab's
 * "traffic sources"): `marketing_traffic_daily`, folded from `AnalyticsEventsRecorded` batches (recorded only
 * with the visitor's analytics consent). A `page_view` carries `utmSource` (the page URL's utm_source) and
 * `referrer` (the referring site's host, another site only) when there were any; its source is the
 * lower-cased utm_source, else the referrer's host without `www.`, else `direct` (the same rule as form views
 * and submissions, analytics.queries.ts). The day is the batch's day of receipt (the visitor's clock is not
 * trusted). Counters: a batch adds its counts in one upsert.
 */
import { analyticsEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseAnalyticsEvent = contractEventParser(analyticsEventSchemas, ['AnalyticsEventsRecorded']);

/** `direct` when a visit has neither a UTM source nor another site's referrer. */
export const DIRECT_SOURCE = 'direct';

/** A visit's traffic source from its utm_source and referrer host (both optional, as recorded). */
export function trafficSourceOf(utmSource: unknown, referrer: unknown): string {
  const utm = typeof utmSource === 'string' ? utmSource.trim().toLowerCase() : '';
  if (utm) return utm.slice(0, 200);
  const host = typeof referrer === 'string' ? referrer.trim().toLowerCase().replace(/^www\./, '') : '';
  return host ? host.slice(0, 200) : DIRECT_SOURCE;
}

export const trafficDailyTable = readModelTable({
  name: 'marketing_traffic_daily',
  columns: {
    day: { type: 'date', comment: 'UTC day the batch was received' },
    source: { type: 'text', comment: 'utm_source, else referrer host, else direct' },
    page_views: { type: 'int' },
    projected_at: PROJECTED_AT,
  },
  primaryKey: ['day', 'source'],
});

export const analyticsSourcesProjection = defineProjection({
  name: 'marketing_traffic_daily',
  version: 1,
  tables: [trafficDailyTable.name],
  eventTypes: ['AnalyticsEventsRecorded'],

  async setup(client, physical) {
    await createReadModelTables(client, physical, trafficDailyTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, trafficDailyTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const counts = new Map<string, { day: string; source: string; n: number }>();
    for (const event of events) {
      const parsed = parseAnalyticsEvent(event);
      if (!parsed) continue;
      const day = parsed.data.receivedAt.slice(0, 10);
      for (const e of parsed.data.events) {
        if (e.name !== 'page_view') continue;
        const source = trafficSourceOf(e.props.utmSource, e.props.referrer);
        const key = `${day}\u0000${source}`;
        const row = counts.get(key) ?? { day, source, n: 0 };
        row.n += 1;
        counts.set(key, row);
      }
    }
    if (counts.size === 0) return;
    const t = quoteIdent(tables.marketing_traffic_daily!);
    await client.query(
      `INSERT INTO ${t} AS t (day, source, page_views)
       SELECT c.day, c.source, c.n FROM jsonb_to_recordset($1::jsonb) AS c(day date, source text, n int)
       ON CONFLICT (day, source) DO UPDATE SET page_views = t.page_views + EXCLUDED.page_views, projected_at = clock_timestamp()`,
      [JSON.stringify([...counts.values()])],
    );
  },
});
