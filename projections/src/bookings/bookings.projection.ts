/**
 * The bookings read model (spec 01, section 3 "Booking (admin)"; Bookings tab in section 2).
 * One row per booking; `search` holds the lowercased name, e-mail, company and id for the text filter
 * (lowercased in JavaScript, on both sides, so it does not depend on the database's locale).
 */
import { bookingEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser, createSearchIndex } from '../runner/read-model.ts';

const parseBookingEvent = contractEventParser(bookingEventSchemas);



/** The text the search filter matches against (same normalisation as the query side). */
export function bookingSearchText(b: { name: string; email: string; company: string | null }): string {
  return [b.name, b.email, b.company ?? ''].join(' ').toLowerCase();
}

interface NewRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  meeting_type: string;
  preferred_date: string;
  preferred_time: string;
  time_zone: string;
  starts_at: string;
  message: string | null;
  created_at: string;
  search: string;
}


export const bookingsProjection = defineProjection({
  name: 'bookings',
  version: 3,
  tables: ['bookings'],
  eventTypes: Object.keys(bookingEventSchemas),

  async setup(client, physical) {
    const t = physical.bookings!;
    const q = quoteIdent(t);
    await client.query(`
      CREATE TABLE ${q} (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        company text,
        phone text,
        meeting_type text NOT NULL,
        preferred_date text NOT NULL,
        preferred_time text NOT NULL,
        time_zone text NOT NULL,
        starts_at timestamptz NOT NULL,
        message text,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        search text NOT NULL,
        -- when the projector last wrote the row (operational: measures commit → read-model lag)
        projected_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
  },

  async indexes(client, tables: PhysicalTables) {
    const t = tables.bookings!;
    const q = quoteIdent(t);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_status_created`)} ON ${q} (status, created_at DESC)`);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_created`)} ON ${q} (created_at DESC)`);
    // Ids are searched by prefix (the table shows their first characters): a btree, not trigrams.
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_id_text`)} ON ${q} ((id::text) text_pattern_ops)`);
    await createSearchIndex(client, t);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.bookings!);
    const inserts = new Map<string, NewRow>();
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
            created_at: d.requestedAt,
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
    if (inserts.size > 0) {
      await client.query(
        `INSERT INTO ${q} (id, name, email, company, phone, meeting_type, preferred_date, preferred_time, time_zone,
                          starts_at, message, status, created_at, updated_at, search)
         SELECT r.id, r.name, r.email, r.company, r.phone, r.meeting_type, r.preferred_date, r.preferred_time, r.time_zone,
                r.starts_at, r.message, 'pending', r.created_at, r.created_at, r.search
         FROM jsonb_to_recordset($1::jsonb) AS r(
           id uuid, name text, email text, company text, phone text, meeting_type text, preferred_date text,
           preferred_time text, time_zone text, starts_at timestamptz, message text, created_at timestamptz, search text)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify([...inserts.values()])],
      );
    }
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
