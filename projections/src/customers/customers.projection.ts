/**
 * The customers read model (spec 02 §3 "Customer", "Communication"; docs/CRM.md "Customers"):
 * - `crm_customers`: one row per customer, deleted ones included (`deleted_at`); `search` holds the
 *   lower-cased name, e-mail and company (lower-cased in JavaScript, on both sides, so it does not depend on
 *   the database's locale) behind a trigram index; `last_contact` is the latest logged communication.
 * - `crm_communications`: one row per logged communication.
 * - `crm_customer_files`: one row per attached file (its bytes live in the file storage, by file id).
 *
 * Set-based: a batch loads the current rows of the customers it touches (one SELECT), folds its events onto
 * them in JavaScript and writes them back with one upsert; communications and files are one INSERT each.
 */
import { CUSTOMER_STATUSES, customerEventSchemas, type CustomerProfile } from '@crm/contracts';
import { type PhysicalTables, type SqlQueryable, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser, createSearchIndex, trigramAvailable } from '../runner/read-model.ts';

const parseCustomerEvent = contractEventParser(customerEventSchemas);

/** The text the search filter matches against (same normalisation as the query side). */
export function customerSearchText(c: { name: string; email: string | null; company: string | null }): string {
  return [c.name, c.email ?? '', c.company ?? ''].join(' ').toLowerCase();
}

/** A `crm_customers` row as this projection writes it (JSON-friendly: instants as ISO strings). */
interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  industry: string | null;
  lead_source: string | null;
  notes: string | null;
  status: string;
  lead_score: number;
  assigned_to: string | null;
  tags: string[];
  created_at: string;
  created_by: string | null;
  updated_at: string;
  last_contact: string | null;
  deleted_at: string | null;
  search: string;
}

const PROFILE_COLUMNS: Record<keyof CustomerProfile, keyof CustomerRow> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  company: 'company',
  website: 'website',
  address: 'address',
  city: 'city',
  country: 'country',
  industry: 'industry',
  leadSource: 'lead_source',
  notes: 'notes',
};

const ROW_COLUMNS = `id uuid, name text, email text, phone text, company text, website text, address text, city text, country text,
  industry text, lead_source text, notes text, status text, lead_score int, assigned_to uuid, tags text[], created_at timestamptz,
  created_by uuid, updated_at timestamptz, last_contact timestamptz, deleted_at timestamptz, search text`;
const COLUMN_NAMES = ROW_COLUMNS.split(',').map((c) => c.trim().split(/\s+/)[0]!);

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const later = (a: string | null, b: string): string => (a && a > b ? a : b);

async function loadRows(client: SqlQueryable, table: string, ids: string[]): Promise<Map<string, CustomerRow>> {
  const rows = new Map<string, CustomerRow>();
  if (ids.length === 0) return rows;
  const { rows: found } = await client.query(`SELECT ${COLUMN_NAMES.join(', ')} FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
  for (const r of found as Record<string, unknown>[]) {
    rows.set(String(r.id), {
      ...(r as unknown as CustomerRow),
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
      last_contact: iso(r.last_contact),
      deleted_at: iso(r.deleted_at),
    });
  }
  return rows;
}

export const customersProjection = defineProjection({
  name: 'crm_customers',
  version: 3,
  tables: ['crm_customers', 'crm_communications', 'crm_customer_files'],
  eventTypes: Object.keys(customerEventSchemas),

  async setup(client, physical) {
    await client.query(`
      CREATE TABLE ${quoteIdent(physical.crm_customers!)} (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        email text,
        phone text,
        company text,
        website text,
        address text,
        city text,
        country text,
        industry text,
        lead_source text,
        notes text,
        status text NOT NULL,
        lead_score int NOT NULL,
        assigned_to uuid,
        tags text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        created_by uuid,
        updated_at timestamptz NOT NULL,
        last_contact timestamptz,
        deleted_at timestamptz,
        search text NOT NULL,
        projected_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await client.query(`
      CREATE TABLE ${quoteIdent(physical.crm_communications!)} (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL,
        type text NOT NULL,
        direction text NOT NULL,
        status text NOT NULL,
        subject text,
        content text,
        attachments jsonb NOT NULL DEFAULT '[]',
        occurred_at timestamptz NOT NULL,
        logged_at timestamptz NOT NULL,
        logged_by uuid
      )`);
    await client.query(`
      CREATE TABLE ${quoteIdent(physical.crm_customer_files!)} (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL,
        name text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL,
        sha256 text NOT NULL,
        uploaded_at timestamptz NOT NULL,
        uploaded_by uuid
      )`);
  },

  async indexes(client, tables: PhysicalTables) {
    const t = tables.crm_customers!;
    const q = quoteIdent(t);
    const index = (suffix: string, def: string) => client.query(`CREATE INDEX ${quoteIdent(`${t}_${suffix}`)} ON ${q} ${def}`);
    // Every sort of the list, over live customers (the usual case), ties broken by id.
    await index('created', '(created_at DESC, id DESC) WHERE deleted_at IS NULL');
    await index('name', '(lower(name), id) WHERE deleted_at IS NULL');
    await index('score', '(lead_score DESC, created_at DESC, id DESC) WHERE deleted_at IS NULL');
    await index('contact', '(last_contact DESC NULLS LAST, created_at DESC, id DESC) WHERE deleted_at IS NULL');
    // Filters: status and lead source (with the default order), an own-scope user's book, deleted customers.
    // Status with the default order, covering `search`: "status + term" walks it newest first and tests the
    // term on the index entries (an index-only scan), never the table rows.
    await index('status', '(status, created_at DESC, id DESC) INCLUDE (search) WHERE deleted_at IS NULL');
    await index('source', '(lead_source, created_at DESC, id DESC) WHERE deleted_at IS NULL');
    await index('assigned', '(assigned_to, created_at DESC, id DESC) WHERE deleted_at IS NULL');
    await index('deleted', '(deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL');
    // The term's trigrams over live customers alone (and apart, over the deleted ones): the index then
    // answers `deleted_at IS NULL` too, so the planner never intersects it with a 1M-entry bitmap of live
    // rows, the plan it chose without statistics (about 500 ms instead of 1 ms at 1M; docs/CRM.md).
    await createSearchIndex(client, t, { where: 'deleted_at IS NULL' });
    await createSearchIndex(client, t, { where: 'deleted_at IS NOT NULL', suffix: 'deleted' });
    // A larger statistics sample for `search`: the list decides between an exact count and the planner's
    // estimate from the estimate of `search LIKE '%term%'`, which at the default sample swung from 30 to 9,000
    // for a name with 4,098 matches at 1M rows (within 5 % with this sample).
    await client.query(`ALTER TABLE ${q} ALTER COLUMN search SET STATISTICS 1000`);
    // One trigram index per status (live customers): "status + term" counts the term's matches of that status
    // alone instead of intersecting the term's bitmap with a third of the table.
    if (await trigramAvailable(client)) {
      for (const status of CUSTOMER_STATUSES) {
        await createSearchIndex(client, t, { where: `deleted_at IS NULL AND status = '${status}'`, suffix: status });
      }
    }
    const c = tables.crm_communications!;
    await client.query(`CREATE INDEX ${quoteIdent(`${c}_customer`)} ON ${quoteIdent(c)} (customer_id, occurred_at DESC, id DESC)`);
    const f = tables.crm_customer_files!;
    await client.query(`CREATE INDEX ${quoteIdent(`${f}_customer`)} ON ${quoteIdent(f)} (customer_id, uploaded_at DESC, id DESC)`);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.crm_customers!);
    const parsed = events.map(parseCustomerEvent).filter((e) => e !== null);
    if (parsed.length === 0) return;
    const created = new Set(parsed.filter((e) => e.type === 'CustomerCreated').map((e) => e.data.customerId));
    const touched = [...new Set(parsed.map((e) => e.data.customerId))].filter((id) => !created.has(id));
    const rows = await loadRows(client, q, touched);
    const changed = new Set<string>();
    const communications: object[] = [];
    const files: object[] = [];
    for (const event of parsed) {
      const id = event.data.customerId;
      if (event.type === 'CustomerCreated') {
        if (rows.has(id)) continue;
        const d = event.data;
        rows.set(id, {
          id,
          name: d.name,
          email: d.email,
          phone: d.phone,
          company: d.company,
          website: d.website,
          address: d.address,
          city: d.city,
          country: d.country,
          industry: d.industry,
          lead_source: d.leadSource,
          notes: d.notes,
          status: d.status,
          lead_score: d.leadScore,
          assigned_to: d.assignedTo,
          tags: d.tags,
          created_at: d.createdAt,
          created_by: d.createdBy,
          updated_at: d.createdAt,
          last_contact: null,
          deleted_at: null,
          search: '',
        });
        changed.add(id);
        continue;
      }
      const row = rows.get(id);
      if (!row) continue; // a customer this read model never saw created: nothing to change
      changed.add(id);
      switch (event.type) {
        case 'CustomerUpdated':
          for (const [field, value] of Object.entries(event.data.changes)) {
            (row as unknown as Record<string, unknown>)[PROFILE_COLUMNS[field as keyof CustomerProfile]] = value;
          }
          row.updated_at = event.data.updatedAt;
          break;
        case 'CustomerStatusChanged':
          row.status = event.data.to;
          row.updated_at = event.data.changedAt;
          break;
        case 'CustomerAssigned':
          row.assigned_to = event.data.assignedTo;
          row.updated_at = event.data.assignedAt;
          break;
        case 'CustomerTagged':
          if (!row.tags.includes(event.data.tag)) row.tags = [...row.tags, event.data.tag];
          row.updated_at = event.data.taggedAt;
          break;
        case 'CustomerUntagged':
          row.tags = row.tags.filter((t) => t !== event.data.tag);
          row.updated_at = event.data.untaggedAt;
          break;
        case 'CustomerScored':
          row.lead_score = event.data.leadScore;
          row.updated_at = event.data.scoredAt;
          break;
        case 'CustomerDeleted':
          row.deleted_at = event.data.deletedAt;
          row.updated_at = event.data.deletedAt;
          break;
        case 'CustomerRestored':
          row.deleted_at = null;
          row.updated_at = event.data.restoredAt;
          break;
        case 'CommunicationLogged': {
          const d = event.data;
          row.last_contact = later(row.last_contact, new Date(d.occurredAt).toISOString());
          communications.push({
            id: d.communicationId,
            customer_id: id,
            type: d.type,
            direction: d.direction,
            status: d.status,
            subject: d.subject,
            content: d.content,
            attachments: d.attachments,
            occurred_at: d.occurredAt,
            logged_at: d.loggedAt,
            logged_by: d.loggedBy,
          });
          break;
        }
        case 'CustomerFileAttached': {
          const d = event.data;
          files.push({ id: d.fileId, customer_id: id, name: d.name, content_type: d.contentType, size: d.size, sha256: d.sha256, uploaded_at: d.attachedAt, uploaded_by: d.attachedBy });
          break;
        }
      }
    }
    const upserts = [...changed].map((id) => {
      const row = rows.get(id)!;
      return { ...row, search: customerSearchText(row) };
    });
    if (upserts.length > 0) {
      const updates = COLUMN_NAMES.filter((c) => c !== 'id' && c !== 'created_at' && c !== 'created_by')
        .map((c) => `${c} = EXCLUDED.${c}`)
        .join(', ');
      await client.query(
        `INSERT INTO ${q} (${COLUMN_NAMES.join(', ')})
         SELECT ${COLUMN_NAMES.map((c) => `r.${c}`).join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${ROW_COLUMNS})
         ON CONFLICT (id) DO UPDATE SET ${updates}, projected_at = clock_timestamp()`,
        [JSON.stringify(upserts)],
      );
    }
    if (communications.length > 0) {
      await client.query(
        `INSERT INTO ${quoteIdent(tables.crm_communications!)} (id, customer_id, type, direction, status, subject, content, attachments, occurred_at, logged_at, logged_by)
         SELECT r.id, r.customer_id, r.type, r.direction, r.status, r.subject, r.content, r.attachments, r.occurred_at, r.logged_at, r.logged_by
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, customer_id uuid, type text, direction text, status text, subject text, content text,
           attachments jsonb, occurred_at timestamptz, logged_at timestamptz, logged_by uuid)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(communications)],
      );
    }
    if (files.length > 0) {
      await client.query(
        `INSERT INTO ${quoteIdent(tables.crm_customer_files!)} (id, customer_id, name, content_type, size, sha256, uploaded_at, uploaded_by)
         SELECT r.id, r.customer_id, r.name, r.content_type, r.size, r.sha256, r.uploaded_at, r.uploaded_by
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, customer_id uuid, name text, content_type text, size bigint, sha256 text, uploaded_at timestamptz, uploaded_by uuid)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(files)],
      );
    }
  },
});
