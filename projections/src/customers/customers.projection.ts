/**
 * The customers read model (spec 02 §3 "Customer", "Communication"; docs/CRM.md "Customers"):
 * - `crm_customers`: one row per customer, deleted ones included (`deleted_at`); `search` holds the
 *   lower-cased name, e-mail and company (lower-cased in JavaScript, on both sides, so it does not depend on
 *   the database's locale) behind a trigram index; `last_contact` is the latest logged communication.
 * - `crm_communications`: one row per logged communication.
 * - `crm_customer_files`: one row per attached file (its bytes live in the file storage, by file id); a
 *   deleted file's row is removed.
 *
 * Set-based: a batch loads the current rows of the customers it touches (one SELECT), folds its events onto
 * them in JavaScript and writes them back with one upsert; communications and files are one INSERT each.
 */
import { CUSTOMER_STATUSES, customerEventSchemas, type CustomerProfile } from '@crm/contracts';
import { type PhysicalTables, type SqlQueryable, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseCustomerEvent = contractEventParser(customerEventSchemas);

/** The text the search filter matches against (same normalisation as the query side). */
export function customerSearchText(c: { name: string; email: string | null; company: string | null }): string {
  return [c.name, c.email ?? '', c.company ?? ''].join(' ').toLowerCase();
}

/** The `crm_customers` read model's table: one row per customer, deleted ones included. */
export const customersTable = readModelTable({
  name: 'crm_customers',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    name: { type: 'text' },
    email: { type: 'text', nullable: true },
    phone: { type: 'text', nullable: true },
    company: { type: 'text', nullable: true },
    website: { type: 'text', nullable: true },
    address: { type: 'text', nullable: true },
    city: { type: 'text', nullable: true },
    country: { type: 'text', nullable: true },
    industry: { type: 'text', nullable: true },
    lead_source: { type: 'text', nullable: true },
    notes: { type: 'text', nullable: true },
    status: { type: 'text' },
    lead_score: { type: 'int' },
    assigned_to: { type: 'uuid', nullable: true },
    tags: { type: 'text[]', default: "'{}'" },
    created_at: { type: 'timestamptz', immutable: true },
    created_by: { type: 'uuid', nullable: true, immutable: true },
    updated_at: { type: 'timestamptz' },
    last_contact: { type: 'timestamptz', nullable: true },
    deleted_at: { type: 'timestamptz', nullable: true },
    // A larger statistics sample for `search`: the list decides between an exact count and the planner's
    // estimate from the estimate of `search LIKE '%term%'`, which at the default sample swung from 30 to 9,000
    // for a name with 4,098 matches at 1M rows (within 5 % with this sample).
    search: { type: 'text', statistics: 1000 },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    // Every sort of the list, over live customers (the usual case), ties broken by id.
    { name: 'created', on: '(created_at DESC, id DESC)', where: 'deleted_at IS NULL' },
    { name: 'name', on: '(lower(name), id)', where: 'deleted_at IS NULL' },
    { name: 'score', on: '(lead_score DESC, created_at DESC, id DESC)', where: 'deleted_at IS NULL' },
    { name: 'contact', on: '(last_contact DESC NULLS LAST, created_at DESC, id DESC)', where: 'deleted_at IS NULL' },
    // Filters: status and lead source (with the default order), an own-scope user's book, deleted customers.
    // Status with the default order, covering `search`: "status + term" walks it newest first and tests the
    // term on the index entries (an index-only scan), never the table rows.
    { name: 'status', on: '(status, created_at DESC, id DESC) INCLUDE (search)', where: 'deleted_at IS NULL' },
    { name: 'source', on: '(lead_source, created_at DESC, id DESC)', where: 'deleted_at IS NULL' },
    { name: 'assigned', on: '(assigned_to, created_at DESC, id DESC)', where: 'deleted_at IS NULL' },
    { name: 'deleted', on: '(deleted_at DESC, id DESC)', where: 'deleted_at IS NOT NULL' },
    // A live customer by e-mail (a lead form's submission updates the customer with its e-mail).
    { name: 'email', on: '(lower(email))', where: 'deleted_at IS NULL' },
    // The term's trigrams over live customers alone (and apart, over the deleted ones): the index then
    // answers `deleted_at IS NULL` too, so the planner never intersects it with a 1M-entry bitmap of live
    // rows, the plan it chose without statistics (about 500 ms instead of 1 ms at 1M; docs/CRM.md).
    { search: 'search', where: 'deleted_at IS NULL' },
    { search: 'search', where: 'deleted_at IS NOT NULL', suffix: 'deleted' },
    // One trigram index per status (live customers): "status + term" counts the term's matches of that status
    // alone instead of intersecting the term's bitmap with a third of the table.
    ...CUSTOMER_STATUSES.map((status) => ({ search: 'search', where: `deleted_at IS NULL AND status = '${status}'`, suffix: status, trigramOnly: true })),
  ],
});

/** A `crm_customers` row as this projection writes it (JSON-friendly: instants as ISO strings). */
type CustomerRow = RowOf<typeof customersTable>;

/** `crm_communications`: one row per logged communication. */
export const communicationsTable = readModelTable({
  name: 'crm_communications',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    customer_id: { type: 'uuid' },
    type: { type: 'text' },
    direction: { type: 'text' },
    status: { type: 'text' },
    subject: { type: 'text', nullable: true },
    content: { type: 'text', nullable: true },
    attachments: { type: 'jsonb', default: "'[]'" },
    occurred_at: { type: 'timestamptz' },
    logged_at: { type: 'timestamptz' },
    logged_by: { type: 'uuid', nullable: true },
  },
  indexes: [{ name: 'customer', on: '(customer_id, occurred_at DESC, id DESC)' }],
});

/** `crm_customer_files`: one row per attached file (its bytes live in the file storage, by file id). */
export const customerFilesTable = readModelTable({
  name: 'crm_customer_files',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    customer_id: { type: 'uuid' },
    name: { type: 'text' },
    content_type: { type: 'text' },
    size: { type: 'bigint' },
    sha256: { type: 'text' },
    uploaded_at: { type: 'timestamptz' },
    uploaded_by: { type: 'uuid', nullable: true },
  },
  indexes: [{ name: 'customer', on: '(customer_id, uploaded_at DESC, id DESC)' }],
});

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

const COLUMN_NAMES = customersTable.writtenColumns;

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
  version: 4,
  tables: [customersTable.name, communicationsTable.name, customerFilesTable.name],
  eventTypes: Object.keys(customerEventSchemas),

  async setup(client, physical) {
    await createReadModelTables(client, physical, customersTable, communicationsTable, customerFilesTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, customersTable, communicationsTable, customerFilesTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.crm_customers!);
    const parsed = events.map(parseCustomerEvent).filter((e) => e !== null);
    if (parsed.length === 0) return;
    const created = new Set(parsed.filter((e) => e.type === 'CustomerCreated').map((e) => e.data.customerId));
    const touched = [...new Set(parsed.map((e) => e.data.customerId))].filter((id) => !created.has(id));
    const rows = await loadRows(client, q, touched);
    const changed = new Set<string>();
    const communications: RowOf<typeof communicationsTable>[] = [];
    const files: RowOf<typeof customerFilesTable>[] = [];
    const deletedFiles: string[] = [];
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
        case 'CustomerFileDeleted':
          deletedFiles.push(event.data.fileId);
          break;
      }
    }
    const upserts = [...changed].map((id) => {
      const row = rows.get(id)!;
      return { ...row, search: customerSearchText(row) };
    });
    await customersTable.upsert(client, tables.crm_customers!, upserts);
    await communicationsTable.insertNew(client, tables.crm_communications!, communications);
    await customerFilesTable.insertNew(client, tables.crm_customer_files!, files);
    // After the inserts: a file attached and deleted in the same batch goes too. Communications keep their
    // attachment entries (`{fileId, name}`); the detail shows those whose file row is gone as deleted.
    if (deletedFiles.length > 0) await client.query(`DELETE FROM ${quoteIdent(tables.crm_customer_files!)} WHERE id = ANY($1::uuid[])`, [deletedFiles]);
  },
});
