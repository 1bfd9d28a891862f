/**
 * Helpers every read model shares: parsing events with their contract schemas, the optional trigram
 * extension, and the "one page plus counters over the whole filtered set" query.
 */
import type { z } from 'zod';
import { CRM_LIMITS, type RecordedEvent, todayIn, zonedWallTimeToUtc } from '@crm/contracts';
import { type SqlQueryable, quoteIdent } from './projection.ts';

type SchemaTable = Record<string, { version: number; schema: z.ZodType }>;

/** `{ type, data }` for each of the event types `K`, data typed by its contract schema. */
export type ContractEvent<S extends SchemaTable, K extends keyof S = keyof S> = {
  [T in K]: { type: T; data: z.output<S[T]['schema']> };
}[K];

/**
 * A parser for the events of `types` (default: every type of `schemas`): null for any other event; the data
 * validated by its contract schema; an unknown schema version is an error (never guess at old data).
 */
export function contractEventParser<S extends SchemaTable, K extends keyof S & string = keyof S & string>(schemas: S, types?: readonly K[]) {
  const accepted = new Set<string>(types ?? Object.keys(schemas));
  return (event: RecordedEvent): ContractEvent<S, K> | null => {
    if (!accepted.has(event.type)) return null;
    const entry = schemas[event.type]!;
    if (event.schemaVersion !== entry.version) {
      throw new Error(`${event.type} schema version ${event.schemaVersion} is not supported (expected ${entry.version}), event ${event.id}`);
    }
    return { type: event.type, data: entry.schema.parse(event.data) } as ContractEvent<S, K>;
  };
}

/** Whether pg_trgm can be used (installed, or installable by this role); tries inside a savepoint. */
export async function trigramAvailable(client: SqlQueryable): Promise<boolean> {
  const installed = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
  if (installed.rows.length > 0) return true;
  await client.query('SAVEPOINT trgm');
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await client.query('RELEASE SAVEPOINT trgm');
    return true;
  } catch {
    // Not available or not allowed (no superuser): callers fall back to a prefix-friendly btree index.
    await client.query('ROLLBACK TO SAVEPOINT trgm');
    return false;
  }
}

/**
 * Storage of every trigram index: new entries wait in a GIN "pending list" that every search reads in full
 * until it is merged, so it is kept small (256 kB, against 4 MB by default: 2–3 ms on each search at 1M
 * customers, docs/PERFORMANCE.md).
 */
const TRIGRAM_INDEX_STORAGE = 'WITH (gin_pending_list_limit = 256)';

/**
 * The index behind `search LIKE '%text%'`: trigrams when pg_trgm is available, else a btree that at least
 * serves prefixes. `where` makes it partial (named `<table>_<column>_<suffix>`).
 */
export async function createSearchIndex(client: SqlQueryable, table: string, options: { column?: string; where?: string; suffix?: string } = {}): Promise<void> {
  const column = options.column ?? 'search';
  const name = quoteIdent([table, column, options.suffix].filter(Boolean).join('_'));
  const using = (await trigramAvailable(client)) ? `USING gin (${column} gin_trgm_ops) ${TRIGRAM_INDEX_STORAGE}` : `(${column} text_pattern_ops)`;
  await client.query(`CREATE INDEX ${name} ON ${quoteIdent(table)} ${using}${options.where ? ` WHERE ${options.where}` : ''}`);
}

/** `text` with LIKE's wildcards (and the escape character) escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `LIKE` pattern matching `text` anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Collects positional parameters: `param(v)` returns `$n`. */
export function sqlParams() {
  const params: unknown[] = [];
  return {
    params,
    param(value: unknown): string {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/**
 * One page of `relation` filtered by `where` and ordered by `order` (over alias `f`), with counters over
 * the WHOLE filtered set, in one statement (one snapshot). `counts` maps a counter's name to the SQL
 * condition it counts (`null` counts every row).
 */
export async function countedPage<Row, C extends string>(
  db: SqlQueryable,
  query: {
    relation: string;
    columns: string;
    where: string[];
    order: string;
    counts: Record<C, string | null>;
    page: number;
    pageSize: number;
    sql: ReturnType<typeof sqlParams>;
  },
): Promise<{ rows: Row[]; counts: Record<C, number> }> {
  const { sql } = query;
  const names = Object.keys(query.counts) as C[];
  const counters = names
    .map((name, i) => `count(*)${query.counts[name] ? ` FILTER (WHERE ${query.counts[name]})` : ''}::int AS c_${i}`)
    .join(', ');
  const { rows } = await db.query(
    `WITH f AS MATERIALIZED (
       SELECT ${query.columns} FROM ${query.relation} ${query.where.length ? `WHERE ${query.where.join(' AND ')}` : ''}
     ), c AS (SELECT ${counters} FROM f)
     SELECT c.*, f.* FROM c
     LEFT JOIN (SELECT * FROM f ORDER BY ${query.order} LIMIT ${sql.param(query.pageSize)} OFFSET ${sql.param((query.page - 1) * query.pageSize)}) AS f ON true
     ORDER BY ${query.order}`,
    sql.params,
  );
  const first = rows[0] as Record<string, number> | undefined;
  const counts = Object.fromEntries(names.map((name, i) => [name, first?.[`c_${i}`] ?? 0])) as Record<C, number>;
  // A page past the end (or no match) leaves the one row of counters with null row columns.
  return { rows: (rows as (Row & { id: unknown })[]).filter((r) => r.id !== null), counts };
}

/**
 * A page of `relation` newest first (`created_at`, then `id`, both among `columns`) and how many rows match `where`:
 * countedPage for a list with a pager and no other counter. `page` 1 and `limit` CRM_LIMITS.pageSize by default.
 */
export async function newestFirstPage<Row>(
  db: SqlQueryable,
  query: { relation: string; columns: string; where: string[]; sql: ReturnType<typeof sqlParams>; page?: number; limit?: number },
): Promise<{ rows: Row[]; total: number; page: number; limit: number }> {
  const page = query.page ?? 1;
  const limit = query.limit ?? CRM_LIMITS.pageSize;
  const { rows, counts } = await countedPage<Row, 'total'>(db, { ...query, order: 'f.created_at DESC, f.id DESC', counts: { total: null }, page, pageSize: limit });
  return { rows, total: counts.total, page, limit };
}

/** `date` (YYYY-MM-DD) minus `days` calendar days. */
function minusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/**
 * Start of a window of whole calendar days in `timeZone` ending today: `days` = 0 is today, 6 is today
 * and the six days before it; null (no window) for null.
 */
export function calendarDaysStart(days: number | null, now: Date, timeZone = 'UTC'): Date | null {
  if (days === null) return null;
  return zonedWallTimeToUtc(minusDays(todayIn(timeZone, now), days), '00:00', timeZone);
}
