/**
 * The deals read model (spec 02 §3 "Deal (server, pipeline)"; the Sales Pipeline board).
 * - `crm_deals`: one row per live deal (a deleted deal's row is removed). Other read models join it at query
 *   time (customer totals, the customer detail's Deals tab): see /work/notes/crm-contract.md.
 * - `crm_deal_stage_history`: one row per stage a deal entered (its creation included, `from_stage` NULL),
 *   for cycle time (created → won) and conversion. Removed with the deal.
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

/** The `crm_deals` read model's table: one row per live deal. */
export const dealsTable = readModelTable({
  name: 'crm_deals',
  columns: {
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
  },
  indexes: [
    { name: 'customer', on: '(customer_id)' },
    { name: 'assigned_stage', on: '(assigned_to, stage)' },
    { name: 'stage_created', on: '(stage, created_at DESC)' },
    { name: 'closed', on: '(closed_at)', where: 'closed_at IS NOT NULL' },
    { name: 'expected_close', on: '(expected_close_date)', where: 'expected_close_date IS NOT NULL' },
    { search: 'search' },
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

const ROW_COLUMNS = `id::text AS id, title, customer_id::text AS customer_id, value::float8 AS value, probability, stage,
  expected_close_date::text AS expected_close_date, assigned_to::text AS assigned_to, lead_source, tags,
  created_at, updated_at, closed_at, created_by::text AS created_by, search`;

async function loadRows(client: SqlQueryable, table: string, ids: string[]): Promise<Map<string, DealRow>> {
  const { rows } = await client.query(`SELECT ${ROW_COLUMNS} FROM ${quoteIdent(table)} WHERE id = ANY($1::uuid[])`, [ids]);
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | null));
  return new Map(
    (rows as (Omit<DealRow, 'created_at' | 'updated_at' | 'closed_at'> & { created_at: Date; updated_at: Date; closed_at: Date | null })[]).map((r) => [
      r.id,
      { ...r, created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)!, closed_at: iso(r.closed_at) },
    ]),
  );
}

export const dealsProjection = defineProjection({
  name: 'crm_deals',
  version: 1,
  tables: [dealsTable.name, dealStageHistoryTable.name],
  eventTypes: Object.keys(dealEventSchemas),

  async setup(client, physical) {
    await createReadModelTables(client, physical, dealsTable, dealStageHistoryTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, dealsTable, dealStageHistoryTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const deals = tables.crm_deals!;
    const history = tables.crm_deal_stage_history!;
    const parsed = events.flatMap((event) => {
      const p = parseDealEvent(event);
      return p ? [{ event, p }] : [];
    });
    if (parsed.length === 0) return;
    const ids = [...new Set(parsed.map(({ p }) => p.data.dealId))];
    // The batch's deals as they are now; events set absolute values, so folding them in order is exact.
    const rows: Map<string, DealRow | null> = await loadRows(client, deals, ids);
    const touched = new Set<string>();
    const historyRows: HistoryRow[] = [];
    for (const { event, p } of parsed) {
      const id = p.data.dealId;
      touched.add(id);
      switch (p.type) {
        case 'DealCreated': {
          const d = p.data;
          if (rows.get(id)) break;
          rows.set(id, {
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
          const row = rows.get(id);
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
          const row = rows.get(id);
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
        case 'DealDeleted':
          rows.set(id, null);
          break;
      }
    }
    const live = [...touched].map((id) => rows.get(id)).filter((r): r is DealRow => !!r);
    const deleted = [...touched].filter((id) => rows.get(id) === null);
    await dealsTable.upsert(client, deals, live);
    await dealStageHistoryTable.insertNew(client, history, historyRows.filter((h) => rows.get(h.deal_id)));
    if (deleted.length > 0) {
      await client.query(`DELETE FROM ${quoteIdent(deals)} WHERE id = ANY($1::uuid[])`, [deleted]);
      await client.query(`DELETE FROM ${quoteIdent(history)} WHERE deal_id = ANY($1::uuid[])`, [deleted]);
    }
  },
});
