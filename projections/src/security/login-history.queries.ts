/**
 * Reads of the login-history read model (always through the `login_history` VIEW). Parameterised SQL only.
 * The page, its total, the four tiles and the per-day chart come from ONE statement (one snapshot).
 * The tiles count the set the search, date range and device select (not the status select): they show how
 * the attempts split by status, whichever status the table is narrowed to.
 */
import {
  type LoginDateRange,
  type LoginHistoryDay,
  type LoginHistoryExportInput,
  type LoginHistoryInput,
  type LoginHistorySummary,
  type LoginRecord,
} from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { calendarDaysStart, containsPattern, sqlParams } from '../runner/read-model.ts';

type SqlParams = ReturnType<typeof sqlParams>;

export interface LoginHistoryResult {
  records: LoginRecord[];
  summary: LoginHistorySummary;
  /** Up to the 90 most recent days with attempts in the filtered set, oldest first. */
  days: LoginHistoryDay[];
  /** Rows matching every filter (for paging). */
  total: number;
  page: number;
  limit: number;
}

export interface LoginHistoryQueryOptions {
  /** Zone whose calendar days the date range and the chart count in (default UTC). */
  timeZone?: string;
}

const RANGE_DAYS: Record<LoginDateRange, number | null> = { today: 0, '7days': 6, '30days': 29, '90days': 89, all: null };


/** Start of the window: `today` is the current calendar day, `7days` today and the 6 before it, and so on. */
export function loginRangeStart(range: LoginDateRange, now: Date, timeZone = 'UTC'): Date | null {
  return calendarDaysStart(RANGE_DAYS[range], now, timeZone);
}


const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const RECORD_COLUMNS = `id::text AS id, user_id, user_name, user_email, ${ISO('at')} AS timestamp, ip_address, location, device, browser, os,
  status, failure_reason, suspicious_reasons, id::text AS session_id, session_duration`;


/** WHERE clauses of the filters other than status, and the status clause apart. */
function filters(filter: LoginHistoryExportInput, now: Date, timeZone: string, p: SqlParams) {
  const where: string[] = [];
  const search = filter.search.trim().toLowerCase();
  if (search) where.push(`search LIKE ${p.param(containsPattern(search))}`);
  const from = loginRangeStart(filter.dateRange, now, timeZone);
  if (from) where.push(`at >= ${p.param(from)}`);
  if (filter.device !== 'all') where.push(`device = ${p.param(filter.device)}`);
  const status = filter.status !== 'all' ? `status = ${p.param(filter.status)}` : 'true';
  return { where: where.length ? where.join(' AND ') : 'true', status };
}

export async function listLoginHistory(
  db: SqlQueryable,
  filter: LoginHistoryInput,
  now: Date,
  options: LoginHistoryQueryOptions = {},
): Promise<LoginHistoryResult> {
  const timeZone = options.timeZone ?? 'UTC';
  const p = sqlParams();
  const { where, status } = filters(filter, now, timeZone, p);
  const tz = p.param(timeZone);
  const limit = p.param(filter.limit);
  const offset = p.param((filter.page - 1) * filter.limit);
  const { rows } = await db.query(
    `WITH base AS MATERIALIZED (SELECT * FROM login_history WHERE ${where}),
          f AS MATERIALIZED (SELECT * FROM base WHERE ${status})
     SELECT
       (SELECT json_build_object(
          'total', count(*),
          'successful', count(*) FILTER (WHERE status = 'success'),
          'failed', count(*) FILTER (WHERE status = 'failed'),
          'suspicious', count(*) FILTER (WHERE status = 'suspicious')) FROM base) AS summary,
       (SELECT count(*)::int FROM f) AS total,
       (SELECT coalesce(json_agg(d ORDER BY d.day), '[]'::json) FROM (
          SELECT to_char(at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day,
                 count(*) FILTER (WHERE status = 'success')::int AS success,
                 count(*) FILTER (WHERE status = 'failed')::int AS failed,
                 count(*) FILTER (WHERE status = 'suspicious')::int AS suspicious
            FROM f GROUP BY 1 ORDER BY 1 DESC LIMIT 90) AS d) AS days,
       (SELECT coalesce(json_agg(r ORDER BY r.timestamp DESC, r.id DESC), '[]'::json) FROM (
          SELECT ${RECORD_COLUMNS} FROM f ORDER BY at DESC, id DESC LIMIT ${limit} OFFSET ${offset}) AS r) AS records`,
    p.params,
  );
  const row = rows[0] as { summary: LoginHistorySummary; total: number; days: LoginHistoryDay[]; records: LoginRecord[] };
  return { records: row.records, summary: row.summary, days: row.days, total: row.total, page: filter.page, limit: filter.limit };
}

/**
 * Every record the filters match, newest first, in batches (keyset paging: each batch is a short query,
 * so a large export never holds a snapshot or a connection for long).
 */
export async function* iterateLoginHistory(
  db: SqlQueryable,
  filter: LoginHistoryExportInput,
  now: Date,
  options: LoginHistoryQueryOptions & { batchSize?: number } = {},
): AsyncGenerator<LoginRecord[]> {
  const batchSize = options.batchSize ?? 1000;
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const p = sqlParams();
    const { where, status } = filters(filter, now, options.timeZone ?? 'UTC', p);
    const keyset = after ? `(at, id) < (${p.param(after.at)}::timestamptz, ${p.param(after.id)}::uuid)` : 'true';
    const { rows } = await db.query(
      `SELECT ${RECORD_COLUMNS}, at AS at_raw FROM login_history
        WHERE ${where} AND ${status} AND ${keyset}
        ORDER BY at DESC, id DESC LIMIT ${p.param(batchSize)}`,
      p.params,
    );
    const batch = rows as (LoginRecord & { at_raw: Date })[];
    if (batch.length === 0) return;
    const last = batch[batch.length - 1]!;
    after = { at: last.at_raw, id: last.id };
    yield batch.map(({ at_raw: _raw, ...record }) => record);
    if (batch.length < batchSize) return;
  }
}
