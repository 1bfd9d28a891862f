/**
 * Reads of the bookings read model (always through the `bookings` VIEW, i.e. the live generation).
 * Parameterised SQL only; the list and its counters come from ONE statement (one snapshot).
 */
import { type BookingListInput, type BookingView } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { calendarDaysStart, containsPattern, countedPage, escapeLike, sqlParams } from '../runner/read-model.ts';

export interface BookingCounts {
  total: number;
  pending: number;
  confirmed: number;
  completed: number;
}

export interface BookingListResult {
  /** One page of the filtered, sorted bookings. */
  bookings: BookingView[];
  /** Over the whole filtered set, not only this page. */
  counts: BookingCounts;
  page: number;
  pageSize: number;
}

export interface BookingQueryOptions {
  /** Zone whose calendar days the date range counts in (default UTC; pass the business zone). */
  timeZone?: string;
}

interface BookingRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  meeting_type: string;
  preferred_date: string;
  preferred_time: string;
  time_zone: string;
  starts_at: Date;
  message: string | null;
  status: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id::text AS id, name, email, company, phone, meeting_type, preferred_date, preferred_time, time_zone, starts_at, message, status, created_at, updated_at';

/** Over the filtered set `f`; ties broken by newest first, then id, so the order is total. */
const ORDER_BY: Record<BookingListInput['sortBy'], string> = {
  newest: 'f.created_at DESC, f.id DESC',
  oldest: 'f.created_at ASC, f.id ASC',
  name: 'lower(f.name) ASC, f.name ASC, f.created_at DESC, f.id DESC',
  status: 'f.status ASC, f.created_at DESC, f.id DESC',
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toView(r: BookingRow): BookingView {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    company: r.company,
    phone: r.phone,
    meetingType: r.meeting_type as BookingView['meetingType'],
    preferredDate: r.preferred_date,
    preferredTime: r.preferred_time,
    timeZone: r.time_zone,
    startsAt: r.starts_at.toISOString(),
    message: r.message,
    status: r.status as BookingView['status'],
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}


/** YYYY-MM-DD minus `days` calendar days. */

/**
 * Start of the date-range window. Days since creation count calendar days in `timeZone`: `today` is
 * day 0 (same calendar day as `now`), `week` days 0-6 (the last 7 days), `month` days 0-29 (the last 30).
 */
export function dateRangeStart(range: BookingListInput['dateRange'], now: Date, timeZone = 'UTC'): Date | null {
  return calendarDaysStart(range === 'today' ? 0 : range === 'week' ? 6 : range === 'month' ? 29 : null, now, timeZone);
}

export async function listBookings(
  db: SqlQueryable,
  filter: BookingListInput,
  now: Date,
  options: BookingQueryOptions = {},
): Promise<BookingListResult> {
  const where: string[] = [];
  const sql = sqlParams();
  const search = (filter.search ?? '').trim().toLowerCase();
  // Name, e-mail and company anywhere in the text (trigram index); the booking id by prefix.
  if (search) where.push(`(search LIKE ${sql.param(containsPattern(search))} OR id::text LIKE ${sql.param(`${escapeLike(search)}%`)})`);
  if (filter.status && filter.status !== 'all') where.push(`status = ${sql.param(filter.status)}`);
  if (filter.meetingType && filter.meetingType !== 'all') where.push(`meeting_type = ${sql.param(filter.meetingType)}`);
  const from = dateRangeStart(filter.dateRange ?? 'all', now, options.timeZone);
  if (from) where.push(`created_at >= ${sql.param(from)}`);
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? 50;
  const { rows, counts } = await countedPage<BookingRow, keyof BookingCounts>(db, {
    relation: 'bookings',
    columns: COLUMNS,
    where,
    order: ORDER_BY[filter.sortBy ?? 'newest'] ?? ORDER_BY.newest,
    counts: { total: null, pending: `status = 'pending'`, confirmed: `status = 'confirmed'`, completed: `status = 'completed'` },
    page,
    pageSize,
    sql,
  });
  return { bookings: rows.map(toView), counts, page, pageSize };
}

export async function getBooking(db: SqlQueryable, id: string): Promise<BookingView | null> {
  if (!UUID_RE.test(id)) return null;
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM bookings WHERE id = $1`, [id]);
  const row = rows[0] as BookingRow | undefined;
  return row ? toView(row) : null;
}
