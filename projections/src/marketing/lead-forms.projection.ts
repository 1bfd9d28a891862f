/**
 * The lead forms read model (issue 16; spec 02 §3 "LeadForm"; streams `leadform-<id>`): `marketing_forms`, one
 * row per form, deleted ones included (`deleted`), with its counters: `views` (LeadFormViewed),
 * `submissions_count` and `leads_created` (LeadFormSubmitted, the latter when it created a lead) and `spam_count`
 * (LeadFormSpamReceived). `search` holds the lower-cased name and title.
 *
 * Set-based: a batch loads the rows of the forms it touches (one SELECT), folds its events onto them in
 * JavaScript and writes them back with one upsert (a burst of views is one statement).
 */
import { marketingEventSchemas } from '@crm/contracts';
import { type PhysicalTables, type SqlQueryable, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const FORM_EVENTS = [
  'LeadFormCreated',
  'LeadFormUpdated',
  'LeadFormActivated',
  'LeadFormDeactivated',
  'LeadFormDeleted',
  'LeadFormViewed',
  'LeadFormSubmitted',
  'LeadFormSpamReceived',
] as const;
const parseFormEvent = contractEventParser(marketingEventSchemas, FORM_EVENTS);

/** The text the form search matches against (same normalisation as the query side). */
export function formSearchText(f: { name: string; title: string }): string {
  return [f.name, f.title].join(' ').toLowerCase();
}

export const leadFormsTable = readModelTable({
  name: 'marketing_forms',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    slug: { type: 'text' },
    name: { type: 'text' },
    title: { type: 'text' },
    description: { type: 'text', nullable: true },
    fields: { type: 'jsonb', default: "'[]'" },
    settings: { type: 'jsonb' },
    is_active: { type: 'boolean' },
    deleted: { type: 'boolean', default: 'false' },
    campaign_id: { type: 'uuid', nullable: true },
    allowed_origins: { type: 'text[]', default: "'{}'" },
    views: { type: 'int', default: '0' },
    submissions_count: { type: 'int', default: '0' },
    spam_count: { type: 'int', default: '0' },
    leads_created: { type: 'int', default: '0' },
    created_by: { type: 'uuid', nullable: true, immutable: true },
    created_at: { type: 'timestamptz', immutable: true },
    updated_at: { type: 'timestamptz' },
    search: { type: 'text' },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'slug', on: '(slug)' },
    { name: 'created', on: '(created_at DESC, id DESC)', where: 'NOT deleted' },
    { name: 'campaign', on: '(campaign_id)', where: 'campaign_id IS NOT NULL' },
  ],
});

type FormRow = RowOf<typeof leadFormsTable>;

const DEFINITION_COLUMNS = {
  name: 'name',
  title: 'title',
  description: 'description',
  fields: 'fields',
  settings: 'settings',
  campaignId: 'campaign_id',
  allowedOrigins: 'allowed_origins',
} as const satisfies Record<string, keyof FormRow>;

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

async function loadRows(client: SqlQueryable, table: string, ids: string[]): Promise<Map<string, FormRow>> {
  const rows = new Map<string, FormRow>();
  if (ids.length === 0) return rows;
  const { rows: found } = await client.query(`SELECT ${leadFormsTable.writtenColumns.join(', ')} FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
  for (const r of found as Record<string, unknown>[]) {
    rows.set(String(r.id), { ...(r as unknown as FormRow), created_at: iso(r.created_at), updated_at: iso(r.updated_at) });
  }
  return rows;
}

export const leadFormsProjection = defineProjection({
  name: 'marketing_forms',
  version: 1,
  tables: [leadFormsTable.name],
  eventTypes: FORM_EVENTS,

  async setup(client, physical) {
    await createReadModelTables(client, physical, leadFormsTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, leadFormsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const parsed = events.map(parseFormEvent).filter((e) => e !== null);
    if (parsed.length === 0) return;
    const created = new Set(parsed.filter((e) => e.type === 'LeadFormCreated').map((e) => e.data.formId));
    const touched = [...new Set(parsed.map((e) => e.data.formId))].filter((id) => !created.has(id));
    const rows = await loadRows(client, quoteIdent(tables.marketing_forms!), touched);
    const changed = new Set<string>();
    for (const event of parsed) {
      const id = event.data.formId;
      if (event.type === 'LeadFormCreated') {
        if (rows.has(id)) continue;
        const d = event.data;
        rows.set(id, {
          id,
          slug: d.slug,
          name: d.name,
          title: d.title,
          description: d.description,
          fields: d.fields,
          settings: d.settings,
          is_active: d.isActive,
          deleted: false,
          campaign_id: d.campaignId,
          allowed_origins: d.allowedOrigins,
          views: 0,
          submissions_count: 0,
          spam_count: 0,
          leads_created: 0,
          created_by: d.createdBy,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          search: '',
        });
        changed.add(id);
        continue;
      }
      const row = rows.get(id);
      if (!row) continue; // a form this read model never saw created
      changed.add(id);
      switch (event.type) {
        case 'LeadFormUpdated':
          for (const [field, value] of Object.entries(event.data.changes)) {
            if (value !== undefined) (row as unknown as Record<string, unknown>)[DEFINITION_COLUMNS[field as keyof typeof DEFINITION_COLUMNS]] = value;
          }
          row.updated_at = event.data.updatedAt;
          break;
        case 'LeadFormActivated':
          row.is_active = true;
          row.updated_at = event.data.activatedAt;
          break;
        case 'LeadFormDeactivated':
          row.is_active = false;
          row.updated_at = event.data.deactivatedAt;
          break;
        case 'LeadFormDeleted':
          row.deleted = true;
          row.updated_at = event.data.deletedAt;
          break;
        case 'LeadFormViewed':
          row.views += 1;
          break;
        case 'LeadFormSubmitted':
          row.submissions_count += 1;
          if (event.data.leadCreated) row.leads_created += 1;
          break;
        case 'LeadFormSpamReceived':
          row.spam_count += 1;
          break;
      }
    }
    const upserts = [...changed].map((id) => {
      const row = rows.get(id)!;
      return { ...row, search: formSearchText(row) };
    });
    await leadFormsTable.upsert(client, tables.marketing_forms!, upserts);
  },
});
