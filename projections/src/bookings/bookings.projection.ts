/**
 * The bookings read model (spec 01, section 3 "Booking (admin)"; Bookings tab in section 2).
 * One row per booking; `search` holds the lowercased name, e-mail, company and id for the text filter
 * (lowercased in JavaScript, on both sides, so it does not depend on the database's locale).
 */
import { bookingEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseBookingEvent = contractEventParser(bookingEventSchemas);

/** The text the search filter matches against (same normalisation as the query side). */
export function bookingSearchText(b: { name: string; email: string; company: string | null }): string {
  return [b.name, b.email, b.company ?? ''].join(' ').toLowerCase();
}

/** The `bookings` read model's table: one row per booking. */
export const bookingsTable = readModelTable({
  name: 'bookings',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    name: { type: 'text' },
    email: { type: 'text' },
    company: { type: 'text', nullable: true },
    phone: { type: 'text', nullable: true },
    meeting_type: { type: 'text' },
    preferred_date: { type: 'text' },
    preferred_time: { type: 'text' },
    time_zone: { type: 'text' },
    starts_at: { type: 'timestamptz' },
    message: { type: 'text', nullable: true },
    status: { type: 'text' },
    created_at: { type: 'timestamptz' },
    updated_at: { type: 'timestamptz' },
    search: { type: 'text' },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'status_created', on: '(status, created_at DESC)' },
    { name: 'created', on: '(created_at DESC)' },
    // Ids are searched by prefix (the table shows their first characters): a btree, not trigrams.
    { name: 'id_text', on: '((id::text) text_pattern_ops)' },
    { search: 'search' },
  ],
});

export type BookingRow = RowOf<typeof bookingsTable>;

export const bookingsProjection = defineProjection({
  name: 'bookings',
  version: 3,
  tables: [bookingsTable.name],
  eventTypes: Object.keys(bookingEventSchemas),
  readsMetadata: false,

  async setup(client, physical) {
    await createReadModelTables(client, physical, bookingsTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, bookingsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.bookings!);
    const inserts = new Map<string, BookingRow>();
    // Last status change per booking wins (events arrive in global order, stream order preserved).
    const changes = new Map<string, { id: string; status: string; at: string }>();
    for (const event of events) {
      const parsed = parseBookingEvent(event);
      if (!parsed) continue;
      switch (parsed.type) {
        case 'BookingRequested': {
          const d = parsed.data;
          if (inserts.has(d.bookingId)) break;
          inserts.set(d.bookingId, {
            id: d.bookingId,
            name: d.name,
            email: d.email,
            company: d.company,
            phone: d.phone,
            meeting_type: d.meetingType,
            preferred_date: d.preferredDate,
            preferred_time: d.preferredTime,
            time_zone: d.timeZone,
            starts_at: d.startsAt,
            message: d.message,
            status: 'pending',
            created_at: d.requestedAt,
            updated_at: d.requestedAt,
            search: bookingSearchText({ name: d.name, email: d.email, company: d.company }),
          });
          break;
        }
        case 'BookingConfirmed':
          changes.set(parsed.data.bookingId, { id: parsed.data.bookingId, status: 'confirmed', at: parsed.data.confirmedAt });
          break;
        case 'BookingCompleted':
          changes.set(parsed.data.bookingId, { id: parsed.data.bookingId, status: 'completed', at: parsed.data.completedAt });
          break;
        case 'BookingCancelled':
          changes.set(parsed.data.bookingId, { id: parsed.data.bookingId, status: 'cancelled', at: parsed.data.cancelledAt });
          break;
      }
    }
    await bookingsTable.insertNew(client, tables.bookings!, [...inserts.values()]);
    if (changes.size > 0) {
      await client.query(
        `UPDATE ${q} AS b SET status = c.status, updated_at = c.at, projected_at = clock_timestamp()
         FROM jsonb_to_recordset($1::jsonb) AS c(id uuid, status text, at timestamptz)
         WHERE b.id = c.id`,
        [JSON.stringify([...changes.values()])],
      );
    }
  },
});
