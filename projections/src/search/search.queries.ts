/**
 * The command palette's search (tRPC `search.query`, REST `GET /api/crm/search`): customers, deals, tasks and
 * bookings whose text contains the term, newest first, at most `limit` of each kind, in ONE statement (one
 * round trip, one connection, one snapshot) over the logical VIEWs.
 *
 * Each kind is matched on the lower-cased search column its read model keeps for its own list, so every lookup
 * can use that column's trigram index (createSearchIndex):
 * - customers: `search` ("name e-mail company", live customers; e-mail-like terms ask the index for their
 *   rarest digits first, as the customers list does: rareAnchor);
 * - deals: `search` (the lower-cased title);
 * - tasks: the title (`title_lc`), through the trigram index of `search` ("title description"), which holds it;
 * - bookings: `search` ("name e-mail company").
 * Both sides are lower-cased in JavaScript (never by the database's lower(), which folds only ASCII under the
 * C locale). Record-level scope: `ownerId` (a `crm:own` actor) keeps the customers, deals and tasks assigned to
 * them; null (`crm:all`) keeps all. Bookings are read only when `includeBookings` (`bookings:read`).
 */
import type { BookingStatus, DealStage, SearchResults, TaskStatus } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { containsPattern, sqlParams } from '../runner/read-model.ts';
import { rareAnchor } from '../customers/customers.queries.ts';

export interface SearchRecordsOptions {
  /** The text to look for (trimmed and lower-cased here). An empty term finds nothing. */
  term: string;
  /** Most rows per kind. */
  limit: number;
  /** A `crm:own` actor's id (only records assigned to them); null for `crm:all`. */
  ownerId: string | null;
  /** Whether the caller may read bookings; false leaves `bookings` empty without querying them. */
  includeBookings: boolean;
}

interface SearchRow {
  customers: { id: string; name: string; email: string | null; company: string | null }[];
  deals: { id: string; title: string; customer_name: string | null; value: number; stage: string }[];
  tasks: { id: string; title: string; status: string; due_date: string | null }[];
  bookings: { id: string; name: string; email: string; company: string | null; date: string; time: string; status: string }[];
}

/** `search LIKE '%term%'`, or for an e-mail-like term its rare anchor through the index and the whole term after. */
function containsTerm(sql: ReturnType<typeof sqlParams>, column: string, term: string): string {
  const anchor = rareAnchor(term);
  if (anchor) return `${column} LIKE ${sql.param(containsPattern(anchor))} AND strpos(${column}, ${sql.param(term)}) > 0`;
  return `${column} LIKE ${sql.param(containsPattern(term))}`;
}

const asJsonArray = (select: string) => `(SELECT coalesce(json_agg(x), '[]'::json) FROM (${select}) x)`;

export async function searchRecords(db: SqlQueryable, options: SearchRecordsOptions): Promise<SearchResults> {
  const term = options.term.trim().toLowerCase();
  if (!term) return { customers: [], deals: [], tasks: [], bookings: [] };
  const sql = sqlParams();
  const limit = sql.param(options.limit);
  const pattern = sql.param(containsPattern(term));
  const owner = options.ownerId ? sql.param(options.ownerId) : null;
  const own = (alias: string) => (owner ? ` AND ${alias}.assigned_to = ${owner}::uuid` : '');

  const customers = asJsonArray(
    `SELECT c.id::text AS id, c.name, c.email, c.company FROM crm_customers c
      WHERE c.deleted_at IS NULL AND ${containsTerm(sql, 'c.search', term)}${own('c')}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit}`,
  );
  // The customer joined by primary key, only for the page's rows.
  const deals = asJsonArray(
    `SELECT d.id::text AS id, d.title, c.name AS customer_name, d.value::float8 AS value, d.stage
       FROM (SELECT * FROM crm_deals d WHERE d.search LIKE ${pattern}${own('d')} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit}) d
       LEFT JOIN crm_customers c ON c.id = d.customer_id
      ORDER BY d.created_at DESC, d.id DESC`,
  );
  // `search` ("title description") carries the trigram index; the title alone decides the match.
  const tasks = asJsonArray(
    `SELECT t.id::text AS id, t.title, t.status, t.due_date FROM crm_tasks t
      WHERE t.search LIKE ${pattern} AND t.title_lc LIKE ${pattern}${own('t')}
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit}`,
  );
  const bookings = options.includeBookings
    ? asJsonArray(
        `SELECT b.id::text AS id, b.name, b.email, b.company, b.preferred_date AS date, b.preferred_time AS time, b.status FROM bookings b
          WHERE ${containsTerm(sql, 'b.search', term)}
          ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}`,
      )
    : `'[]'::json`;

  const { rows } = await db.query(`SELECT ${customers} AS customers, ${deals} AS deals, ${tasks} AS tasks, ${bookings} AS bookings`, sql.params);
  const row = rows[0] as SearchRow;
  return {
    customers: row.customers.map((c) => ({ id: c.id, name: c.name, email: c.email, company: c.company })),
    deals: row.deals.map((d) => ({ id: d.id, title: d.title, customerName: d.customer_name, value: Number(d.value), stage: d.stage as DealStage })),
    tasks: row.tasks.map((t) => ({ id: t.id, title: t.title, status: t.status as TaskStatus, dueDate: t.due_date ? new Date(t.due_date).toISOString() : null })),
    bookings: row.bookings.map((b) => ({ id: b.id, name: b.name, email: b.email, company: b.company, date: b.date, time: b.time, status: b.status as BookingStatus })),
  };
}
