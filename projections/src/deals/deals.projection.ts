/**
 * The deals read model (spec 02 §3 "Deal (server, pipeline)"; the Sales Pipeline board).
 * - `crm_deals`: one row per live deal. Other read models join it at query time (customer totals, the customer
 *   detail's Deals tab, tasks, search), so it never holds a deleted deal.
 * - `crm_deals_deleted`: the deleted deals (soft delete), with the same columns plus `deleted_at` / `deleted_by`,
 *   for admins to see and restore them. `DealDeleted` moves a row here, `DealRestored` moves it back.
 * - `crm_deal_stage_history`: one row per stage a deal entered (its creation included, `from_stage` NULL),
 *   for cycle time (created → won) and conversion. Kept while a deal is deleted (a restore brings it back
 *   whole): read it joined with `crm_deals`.
 * `search` holds the lowercased title (lowercased in JavaScript, the query side does the same).
 */
import { dealEventSchemas } from '@crm/contracts';
import { type PhysicalTables, type SqlQueryable, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseDealEvent = contractEventParser(dealEventSchemas);

/** The text the title search matches against (same normalisation as the query side). */
export function dealSearchText(title: string): string {
  return title.toLowerCase();
}

/** The columns of a deal's row (live in `crm_deals`, deleted in `crm_deals_deleted`). */
const DEAL_COLUMNS = {
  id: { type: 'uuid', primaryKey: true },
  title: { type: 'text' },
  customer_id: { type: 'uuid' },
  value: { type: 'numeric(16,2)' },
  probability: { type: 'int' },
  stage: { type: 'text' },
  expected_close_date: { type: 'date', nullable: true },
  assigned_to: { type: 'uuid', nullable: true },
  lead_source: { type: 'text', nullable: true },
  tags: { type: 'jsonb', default: "'[]'" },
  created_at: { type: 'timestamptz', immutable: true },
  updated_at: { type: 'timestamptz' },
  closed_at: { type: 'timestamptz', nullable: true },
  created_by: { type: 'uuid', nullable: true, immutable: true },
  search: { type: 'text' },
  projected_at: PROJECTED_AT,
} as const;

/** The `crm_deals` read model's table: one row per live deal. */
export const dealsTable = readModelTable({
  name: 'crm_deals',
  columns: DEAL_COLUMNS,
  indexes: [
    { name: 'customer', on: '(customer_id)' },
    { name: 'assigned_stage', on: '(assigned_to, stage)' },
    { name: 'stage_created', on: '(stage, created_at DESC)' },
    { name: 'closed', on: '(closed_at)', where: 'closed_at IS NOT NULL' },
    { name: 'expected_close', on: '(expected_close_date)', where: 'expected_close_date IS NOT NULL' },
    { search: 'search' },
  ],
});

/** `crm_deals_deleted`: one row per deleted (restorable) deal, as it was when deleted. */
export const deletedDealsTable = readModelTable({
  name: 'crm_deals_deleted',
  columns: {
    ...DEAL_COLUMNS,
    deleted_at: { type: 'timestamptz' },
    deleted_by: { type: 'uuid', nullable: true },
  },
  indexes: [
    { name: 'deleted', on: '(deleted_at DESC, id DESC)' },
    { name: 'assigned', on: '(assigned_to)' },
  ],
});

/** `crm_deal_stage_history`: one row per stage a deal entered. */
export const dealStageHistoryTable = readModelTable({
  name: 'crm_deal_stage_history',
  columns: {
    deal_id: { type: 'uuid' },
    position: { type: 'int', comment: "the event's revision in the deal's stream" },
    from_stage: { type: 'text', nullable: true },
    to_stage: { type: 'text' },
    probability: { type: 'int' },
    value: { type: 'numeric(16,2)' },
    changed_at: { type: 'timestamptz' },
    changed_by: { type: 'uuid', nullable: true },
  },
  primaryKey: ['deal_id', 'position'],
  indexes: [{ name: 'to_stage', on: '(to_stage, changed_at)' }],
});

/** A deal as this projection folds and writes it (`tags` is a JSON array of strings). */
type DealRow = Omit<RowOf<typeof dealsTable>, 'tags'> & { tags: string[] };
type HistoryRow = RowOf<typeof dealStageHistoryTable>;
/** A deal as folded: its row, and when and by whom it was deleted (null while live). */
type Folded = { row: DealRow; deleted: { at: string; by: string | null } | null };

const ROW_COLUMNS = `id::text AS id, title, customer_id::text AS customer_id, value::float8 AS value, probability, stage,
  expected_close_date::text AS expected_close_date, assigned_to::text AS assigned_to, lead_source, tags,
  created_at, updated_at, closed_at, created_by::text AS created_by, search`;

/** The batch's deals as stored now, live (`crm_deals`) or deleted (`crm_deals_deleted`). */
async function loadRows(client: SqlQueryable, live: string, deleted: string, ids: string[]): Promise<Map<string, Folded>> {
  const { rows } = await client.query(
    `SELECT ${ROW_COLUMNS}, NULL::timestamptz AS deleted_at, NULL::text AS deleted_by FROM ${quoteIdent(live)} WHERE id = ANY($1::uuid[])
     UNION ALL
     SELECT ${ROW_COLUMNS}, deleted_at, deleted_by::text FROM ${quoteIdent(deleted)} WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | null));
  type Loaded = Omit<DealRow, 'created_at' | 'updated_at' | 'closed_at'> & { created_at: Date; updated_at: Date; closed_at: Date | null; deleted_at: Date | null; deleted_by: string | null };
  return new Map(
    (rows as Loaded[]).map(({ deleted_at, deleted_by, ...r }) => [
      r.id,
      {
        row: { ...r, created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)!, closed_at: iso(r.closed_at) },
        deleted: deleted_at ? { at: iso(deleted_at)!, by: deleted_by } : null,
      },
    ]),
  );
}

export const dealsProjection = defineProjection({
  name: 'crm_deals',
  // 2: deleted deals are kept in crm_deals_deleted (restorable), their stage history stays.
  version: 2,
  tables: [dealsTable.name, deletedDealsTable.name, dealStageHistoryTable.name],
  eventTypes: Object.keys(dealEventSchemas),

  async setup(client, physical) {
    await createReadModelTables(client, physical, dealsTable, deletedDealsTable, dealStageHistoryTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, dealsTable, deletedDealsTable, dealStageHistoryTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const deals = tables.crm_deals!;
    const deletedDeals = tables.crm_deals_deleted!;
    const history = tables.crm_deal_stage_history!;
    const parsed = events.flatMap((event) => {
      const p = parseDealEvent(event);
      return p ? [{ event, p }] : [];
    });
    if (parsed.length === 0) return;
    const ids = [...new Set(parsed.map(({ p }) => p.data.dealId))];
    // The batch's deals as they are now; events set absolute values, so folding them in order is exact.
    const folded = await loadRows(client, deals, deletedDeals, ids);
    const touched = new Set<string>();
    const historyRows: HistoryRow[] = [];
    for (const { event, p } of parsed) {
      const id = p.data.dealId;
      touched.add(id);
      switch (p.type) {
        case 'DealCreated': {
          const d = p.data;
          if (folded.get(id)) break;
          folded.set(id, {
            row: {
              id,
              title: d.title,
              customer_id: d.customerId,
              value: d.value,
              probability: d.probability,
              stage: d.stage,
              expected_close_date: d.expectedCloseDate,
              assigned_to: d.assignedTo,
              lead_source: d.leadSource,
              tags: d.tags,
              created_at: d.createdAt,
              updated_at: d.createdAt,
              closed_at: d.closedAt,
              created_by: d.createdBy,
              search: dealSearchText(d.title),
            },
            deleted: null,
          });
          historyRows.push({
            deal_id: id,
            position: event.streamVersion,
            from_stage: null,
            to_stage: d.stage,
            probability: d.probability,
            value: d.value,
            changed_at: d.createdAt,
            changed_by: d.createdBy,
          });
          break;
        }
        case 'DealUpdated': {
          const row = folded.get(id)?.row;
          if (!row) break;
          const c = p.data.changes;
          if (c.title !== undefined) {
            row.title = c.title;
            row.search = dealSearchText(c.title);
          }
          if (c.value !== undefined) row.value = c.value;
          if (c.probability !== undefined) row.probability = c.probability;
          if (c.customerId !== undefined) row.customer_id = c.customerId;
          if (c.assignedTo !== undefined) row.assigned_to = c.assignedTo;
          if (c.expectedCloseDate !== undefined) row.expected_close_date = c.expectedCloseDate;
          if (c.leadSource !== undefined) row.lead_source = c.leadSource;
          if (c.tags !== undefined) row.tags = c.tags;
          row.updated_at = p.data.updatedAt;
          break;
        }
        case 'DealStageChanged': {
          const row = folded.get(id)?.row;
          if (!row) break;
          const d = p.data;
          row.stage = d.to;
          row.probability = d.probability;
          row.closed_at = d.closedAt;
          row.updated_at = d.changedAt;
          historyRows.push({
            deal_id: id,
            position: event.streamVersion,
            from_stage: d.from,
            to_stage: d.to,
            probability: d.probability,
            value: row.value,
            changed_at: d.changedAt,
            changed_by: d.changedBy,
          });
          break;
        }
        case 'DealDeleted': {
          const deal = folded.get(id);
          if (deal) deal.deleted = { at: p.data.deletedAt, by: p.data.deletedBy };
          break;
        }
        case 'DealRestored': {
          const deal = folded.get(id);
          if (deal) {
            deal.deleted = null;
            deal.row.updated_at = p.data.restoredAt;
          }
          break;
        }
      }
    }
    const all = [...touched].flatMap((id) => folded.get(id) ?? []);
    const live = all.filter((d) => !d.deleted).map((d) => d.row);
    const deleted = all.filter((d) => d.deleted).map((d) => ({ ...d.row, deleted_at: d.deleted!.at, deleted_by: d.deleted!.by }));
    await dealsTable.upsert(client, deals, live);
    await deletedDealsTable.upsert(client, deletedDeals, deleted);
    if (live.length > 0) await client.query(`DELETE FROM ${quoteIdent(deletedDeals)} WHERE id = ANY($1::uuid[])`, [live.map((r) => r.id)]);
    if (deleted.length > 0) await client.query(`DELETE FROM ${quoteIdent(deals)} WHERE id = ANY($1::uuid[])`, [deleted.map((r) => r.id)]);
    await dealStageHistoryTable.insertNew(client, history, historyRows.filter((h) => folded.has(h.deal_id)));
  },
});
