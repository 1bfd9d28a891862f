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
import { contractEventParser, createSearchIndex } from '../runner/read-model.ts';

const parseDealEvent = contractEventParser(dealEventSchemas);

/** The text the title search matches against (same normalisation as the query side). */
export function dealSearchText(title: string): string {
  return title.toLowerCase();
}

interface DealRow {
  id: string;
  title: string;
  customer_id: string;
  value: number;
  probability: number;
  stage: string;
  expected_close_date: string | null;
  assigned_to: string | null;
  lead_source: string | null;
  tags: string[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  created_by: string | null;
  search: string;
}

interface HistoryRow {
  deal_id: string;
  position: number;
  from_stage: string | null;
  to_stage: string;
  probability: number;
  value: number;
  changed_at: string;
  changed_by: string | null;
}

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
  tables: ['crm_deals', 'crm_deal_stage_history'],
  eventTypes: Object.keys(dealEventSchemas),

  async setup(client, physical) {
    await client.query(`
      CREATE TABLE ${quoteIdent(physical.crm_deals!)} (
        id uuid PRIMARY KEY,
        title text NOT NULL,
        customer_id uuid NOT NULL,
        value numeric(16,2) NOT NULL,
        probability int NOT NULL,
        stage text NOT NULL,
        expected_close_date date,
        assigned_to uuid,
        lead_source text,
        tags jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        closed_at timestamptz,
        created_by uuid,
        search text NOT NULL,
        projected_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await client.query(`
      CREATE TABLE ${quoteIdent(physical.crm_deal_stage_history!)} (
        deal_id uuid NOT NULL,
        -- the event's revision in the deal's stream
        position int NOT NULL,
        from_stage text,
        to_stage text NOT NULL,
        probability int NOT NULL,
        value numeric(16,2) NOT NULL,
        changed_at timestamptz NOT NULL,
        changed_by uuid,
        PRIMARY KEY (deal_id, position)
      )`);
  },

  async indexes(client, tables: PhysicalTables) {
    const t = tables.crm_deals!;
    const q = quoteIdent(t);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_customer`)} ON ${q} (customer_id)`);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_assigned_stage`)} ON ${q} (assigned_to, stage)`);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_stage_created`)} ON ${q} (stage, created_at DESC)`);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_closed`)} ON ${q} (closed_at) WHERE closed_at IS NOT NULL`);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_expected_close`)} ON ${q} (expected_close_date) WHERE expected_close_date IS NOT NULL`);
    await createSearchIndex(client, t);
    const h = tables.crm_deal_stage_history!;
    await client.query(`CREATE INDEX ${quoteIdent(`${h}_to_stage`)} ON ${quoteIdent(h)} (to_stage, changed_at)`);
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
    if (live.length > 0) {
      await client.query(
        `INSERT INTO ${quoteIdent(deals)} AS d (id, title, customer_id, value, probability, stage, expected_close_date, assigned_to,
                          lead_source, tags, created_at, updated_at, closed_at, created_by, search)
         SELECT r.id, r.title, r.customer_id, r.value, r.probability, r.stage, r.expected_close_date, r.assigned_to,
                r.lead_source, r.tags, r.created_at, r.updated_at, r.closed_at, r.created_by, r.search
         FROM jsonb_to_recordset($1::jsonb) AS r(
           id uuid, title text, customer_id uuid, value numeric, probability int, stage text, expected_close_date date,
           assigned_to uuid, lead_source text, tags jsonb, created_at timestamptz, updated_at timestamptz,
           closed_at timestamptz, created_by uuid, search text)
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, customer_id = EXCLUDED.customer_id, value = EXCLUDED.value,
           probability = EXCLUDED.probability, stage = EXCLUDED.stage, expected_close_date = EXCLUDED.expected_close_date,
           assigned_to = EXCLUDED.assigned_to, lead_source = EXCLUDED.lead_source, tags = EXCLUDED.tags,
           updated_at = EXCLUDED.updated_at, closed_at = EXCLUDED.closed_at, search = EXCLUDED.search,
           projected_at = clock_timestamp()`,
        [JSON.stringify(live)],
      );
    }
    const liveHistory = historyRows.filter((h) => rows.get(h.deal_id));
    if (liveHistory.length > 0) {
      await client.query(
        `INSERT INTO ${quoteIdent(history)} (deal_id, position, from_stage, to_stage, probability, value, changed_at, changed_by)
         SELECT r.deal_id, r.position, r.from_stage, r.to_stage, r.probability, r.value, r.changed_at, r.changed_by
         FROM jsonb_to_recordset($1::jsonb) AS r(deal_id uuid, position int, from_stage text, to_stage text, probability int,
           value numeric, changed_at timestamptz, changed_by uuid)
         ON CONFLICT (deal_id, position) DO NOTHING`,
        [JSON.stringify(liveHistory)],
      );
    }
    if (deleted.length > 0) {
      await client.query(`DELETE FROM ${quoteIdent(deals)} WHERE id = ANY($1::uuid[])`, [deleted]);
      await client.query(`DELETE FROM ${quoteIdent(history)} WHERE deal_id = ANY($1::uuid[])`, [deleted]);
    }
  },
});
