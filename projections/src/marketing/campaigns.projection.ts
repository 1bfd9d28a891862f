/**
 * The campaigns read model (issue 16; spec 02 §3 "Campaign"; streams `campaign-<id>`):
 * - `marketing_campaigns`: one row per campaign, its profile, status and `spent` (the sum of its cost entries);
 *   `search` holds the lower-cased name and description (lower-cased in JavaScript, as the query side does);
 * - `marketing_campaign_costs`: one row per cost entry; a removed entry's row is deleted.
 * Leads, customers won and ROI are not stored: the queries join the submissions, customers and deals read
 * models (campaigns.queries.ts).
 *
 * Set-based: a batch loads the rows of the campaigns it touches (one SELECT), folds its events onto them in
 * JavaScript and writes them back with one upsert; cost entries are one INSERT and one DELETE.
 */
import { marketingEventSchemas } from '@crm/contracts';
import { type PhysicalTables, type SqlQueryable, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const CAMPAIGN_EVENTS = ['CampaignCreated', 'CampaignUpdated', 'CampaignStatusChanged', 'CampaignCostRecorded', 'CampaignCostRemoved'] as const;
const parseCampaignEvent = contractEventParser(marketingEventSchemas, CAMPAIGN_EVENTS);

/** The text the campaign search matches against (same normalisation as the query side). */
export function campaignSearchText(c: { name: string; description: string | null }): string {
  return [c.name, c.description ?? ''].join(' ').toLowerCase();
}

export const campaignsTable = readModelTable({
  name: 'marketing_campaigns',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    name: { type: 'text' },
    type: { type: 'text' },
    status: { type: 'text' },
    description: { type: 'text', nullable: true },
    budget: { type: 'numeric(16,2)' },
    spent: { type: 'numeric(16,2)', comment: 'the sum of the cost entries' },
    utm_campaign: { type: 'text' },
    start_date: { type: 'date', nullable: true },
    end_date: { type: 'date', nullable: true },
    target_audience: { type: 'jsonb', default: "'{}'" },
    created_by: { type: 'uuid', nullable: true, immutable: true },
    created_at: { type: 'timestamptz', immutable: true },
    updated_at: { type: 'timestamptz' },
    search: { type: 'text' },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'created', on: '(created_at DESC, id DESC)' },
    { name: 'utm', on: '(utm_campaign)' },
    { name: 'status', on: '(status)' },
  ],
});

export const campaignCostsTable = readModelTable({
  name: 'marketing_campaign_costs',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    campaign_id: { type: 'uuid' },
    amount: { type: 'numeric(16,2)' },
    date: { type: 'date' },
    note: { type: 'text', nullable: true },
    recorded_by: { type: 'uuid', nullable: true },
    recorded_at: { type: 'timestamptz' },
  },
  indexes: [
    { name: 'campaign', on: '(campaign_id, date DESC, recorded_at DESC)' },
    { name: 'date', on: '(date)' },
  ],
});

type CampaignRow = RowOf<typeof campaignsTable>;

const PROFILE_COLUMNS = {
  name: 'name',
  type: 'type',
  description: 'description',
  budget: 'budget',
  startDate: 'start_date',
  endDate: 'end_date',
  targetAudience: 'target_audience',
  utmCampaign: 'utm_campaign',
} as const satisfies Record<string, keyof CampaignRow>;

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const cents = (v: number) => Math.round(v * 100) / 100;

async function loadRows(client: SqlQueryable, table: string, ids: string[]): Promise<Map<string, CampaignRow>> {
  const rows = new Map<string, CampaignRow>();
  if (ids.length === 0) return rows;
  // Dates as text (`YYYY-MM-DD`), never through a Date at local midnight.
  const columns = campaignsTable.writtenColumns.map((c) => (c === 'start_date' || c === 'end_date' ? `${c}::text AS ${c}` : c));
  const { rows: found } = await client.query(`SELECT ${columns.join(', ')} FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
  for (const r of found as Record<string, unknown>[]) {
    rows.set(String(r.id), {
      ...(r as unknown as CampaignRow),
      budget: Number(r.budget),
      spent: Number(r.spent),
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    });
  }
  return rows;
}

export const campaignsProjection = defineProjection({
  name: 'marketing_campaigns',
  version: 1,
  tables: [campaignsTable.name, campaignCostsTable.name],
  eventTypes: CAMPAIGN_EVENTS,

  async setup(client, physical) {
    await createReadModelTables(client, physical, campaignsTable, campaignCostsTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, campaignsTable, campaignCostsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const parsed = events.map(parseCampaignEvent).filter((e) => e !== null);
    if (parsed.length === 0) return;
    const created = new Set(parsed.filter((e) => e.type === 'CampaignCreated').map((e) => e.data.campaignId));
    const touched = [...new Set(parsed.map((e) => e.data.campaignId))].filter((id) => !created.has(id));
    const rows = await loadRows(client, quoteIdent(tables.marketing_campaigns!), touched);
    const changed = new Set<string>();
    const costs: RowOf<typeof campaignCostsTable>[] = [];
    const removedCosts: string[] = [];
    for (const event of parsed) {
      const id = event.data.campaignId;
      if (event.type === 'CampaignCreated') {
        if (rows.has(id)) continue;
        const d = event.data;
        rows.set(id, {
          id,
          name: d.name,
          type: d.type,
          status: 'draft',
          description: d.description,
          budget: d.budget,
          spent: 0,
          utm_campaign: d.utmCampaign,
          start_date: d.startDate,
          end_date: d.endDate,
          target_audience: d.targetAudience,
          created_by: d.createdBy,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          search: '',
        });
        changed.add(id);
        continue;
      }
      const row = rows.get(id);
      if (!row) continue; // a campaign this read model never saw created
      changed.add(id);
      switch (event.type) {
        case 'CampaignUpdated':
          for (const [field, value] of Object.entries(event.data.changes)) {
            if (value !== undefined) (row as unknown as Record<string, unknown>)[PROFILE_COLUMNS[field as keyof typeof PROFILE_COLUMNS]] = value;
          }
          row.updated_at = event.data.updatedAt;
          break;
        case 'CampaignStatusChanged':
          row.status = event.data.to;
          row.updated_at = event.data.changedAt;
          break;
        case 'CampaignCostRecorded': {
          const d = event.data;
          row.spent = cents(row.spent + d.amount);
          row.updated_at = d.recordedAt;
          costs.push({ id: d.costId, campaign_id: id, amount: d.amount, date: d.date, note: d.note, recorded_by: d.recordedBy, recorded_at: d.recordedAt });
          break;
        }
        case 'CampaignCostRemoved':
          row.spent = cents(row.spent - event.data.amount);
          row.updated_at = event.data.removedAt;
          removedCosts.push(event.data.costId);
          break;
      }
    }
    const upserts = [...changed].map((id) => {
      const row = rows.get(id)!;
      return { ...row, search: campaignSearchText(row) };
    });
    await campaignsTable.upsert(client, tables.marketing_campaigns!, upserts);
    await campaignCostsTable.insertNew(client, tables.marketing_campaign_costs!, costs);
    // After the inserts: an entry recorded and removed in the same batch goes too.
    if (removedCosts.length > 0) await client.query(`DELETE FROM ${quoteIdent(tables.marketing_campaign_costs!)} WHERE id = ANY($1::uuid[])`, [removedCosts]);
  },
});
