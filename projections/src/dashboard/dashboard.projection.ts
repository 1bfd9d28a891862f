/**
 * The dashboard's own read model (issue 13; docs/CRM.md "Dashboard"): `crm_dashboard_records`, one row per CRM
 * record (customer, deal, task) with what the dashboard needs and no other read model keeps:
 * - its latest activity (`action`, `action_at`: the last event on it, at the time the event states), for Recent
 *   Activity, with its current name, status, e-mail and owner so the list is one indexed read per scope;
 * - for customers, the furthest funnel stage its status history reached (`reached`: 1 lead, 2 prospect,
 *   3 customer; 0 when it was only ever inactive) and its lead source, for the acquisition and funnel charts.
 * A deleted record keeps its row (`deleted`), so a restore brings it back whole; deleted rows are left out by the
 * partial indexes and the queries.
 *
 * From those rows it keeps two aggregates, so a period's figures are sums over days instead of scans of records
 * (docs/PERFORMANCE.md "CRM dashboard"):
 * - `crm_dashboard_daily`: per scope (an owner, or ALL_OWNERS for everyone's), UTC day and kind, the live records
 *   counted by a key: customers created per lead source (`customer_source`) and per furthest stage
 *   (`customer_reached`), deals created (`deal`), tasks created per current status (`task`), and the deals now
 *   won per day of `closed_at` with their value (`won`);
 * - `crm_dashboard_pipeline`: live deals per scope and current stage.
 * They are kept by difference: a batch subtracts what each touched record counted before it and adds what it
 * counts after (a deleted record counts nowhere), and drops the rows that reach zero, so the tables hold exactly
 * the aggregate of the records whatever the batching.
 *
 * Set-based like the other CRM projections: a batch loads the rows it touches (one SELECT), folds its events onto
 * them in JavaScript and writes them back with one upsert, then the two aggregates' differences (one statement
 * each, and one delete of the emptied rows).
 */
import { customerEventSchemas, dealEventSchemas, taskEventSchemas, type CustomerStatus, type DashboardActivityAction, type DashboardActivityKind } from '@crm/contracts';
import { type PhysicalTables, type SqlQueryable, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseCustomerEvent = contractEventParser(customerEventSchemas);
const parseDealEvent = contractEventParser(dealEventSchemas);
const parseTaskEvent = contractEventParser(taskEventSchemas);

/** Funnel rank of a customer status: lead 1, prospect 2, customer 3; inactive is no stage (0). */
export const FUNNEL_RANK: Record<CustomerStatus, number> = { lead: 1, prospect: 2, customer: 3, inactive: 0 };

export const dashboardRecordsTable = readModelTable({
  name: 'crm_dashboard_records',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    kind: { type: 'text', comment: 'customer, deal or task' },
    owner: { type: 'uuid', nullable: true, comment: "the record's assignee now" },
    name: { type: 'text', comment: 'customer name, deal or task title' },
    email: { type: 'text', nullable: true },
    status: { type: 'text', comment: 'customer status, deal stage or task status' },
    lead_source: { type: 'text', nullable: true },
    reached: { type: 'smallint', default: '0', comment: 'customers: furthest funnel stage of the status history (1 lead, 2 prospect, 3 customer)' },
    value: { type: 'numeric(16,2)', default: '0', comment: "deals: the deal's value" },
    closed_at: { type: 'timestamptz', nullable: true, comment: 'deals: when it closed (won or lost); null while open' },
    created_at: { type: 'timestamptz', immutable: true },
    action: { type: 'text' },
    action_at: { type: 'timestamptz' },
    deleted: { type: 'boolean', default: 'false' },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    // Recent Activity: everyone's, and one owner's.
    { name: 'recent', on: '(action_at DESC, id DESC)', where: 'NOT deleted' },
    { name: 'owner_recent', on: '(owner, action_at DESC, id DESC)', where: 'NOT deleted' },
    // The partial days at a period's edges (the whole days come from crm_dashboard_daily): records created…
    { name: 'created', on: '(kind, created_at) INCLUDE (owner, lead_source, reached, status)', where: 'NOT deleted' },
    // …and deals won (only deals have that status; the predicate is kept short so the planner's estimate of the
    // won rows stays close and it probes this index per edge instead of reading every won deal).
    { name: 'won', on: '(closed_at) INCLUDE (owner, value)', where: "status = 'closed_won' AND NOT deleted" },
  ],
});

/** The scope of the aggregates' everyone's rows (`crm:all`): no user has the nil UUID. */
export const ALL_OWNERS = '00000000-0000-0000-0000-000000000000';

export const dashboardDailyTable = readModelTable({
  name: 'crm_dashboard_daily',
  columns: {
    owner: { type: 'uuid', comment: 'the records’ assignee, or ALL_OWNERS (every record, assigned or not)' },
    kind: { type: 'text', comment: 'customer_source, customer_reached, deal, task or won' },
    day: { type: 'date', comment: 'UTC day of created_at (won: of closed_at)' },
    key: { type: 'text', comment: "customer_source: the lead source ('' none); customer_reached: the furthest stage (0–3); task: its status; else ''" },
    n: { type: 'int', comment: 'live records' },
    value: { type: 'numeric(20,2)', default: '0', comment: 'won: their value (0 for the other kinds)' },
    projected_at: PROJECTED_AT,
  },
  primaryKey: ['owner', 'kind', 'day', 'key'],
});

export const dashboardPipelineTable = readModelTable({
  name: 'crm_dashboard_pipeline',
  columns: {
    owner: { type: 'uuid', comment: 'the deals’ assignee, or ALL_OWNERS' },
    stage: { type: 'text' },
    n: { type: 'int', comment: 'live deals' },
    projected_at: PROJECTED_AT,
  },
  primaryKey: ['owner', 'stage'],
});

type RecordRow = RowOf<typeof dashboardRecordsTable>;

const COLUMNS = dashboardRecordsTable.writtenColumns;
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

async function loadRows(client: SqlQueryable, table: string, ids: string[]): Promise<Map<string, RecordRow>> {
  if (ids.length === 0) return new Map();
  const columns = COLUMNS.map((c) => (c === 'value' ? 'value::float8 AS value' : c));
  const { rows } = await client.query(`SELECT ${columns.join(', ')} FROM ${quoteIdent(table)} WHERE id = ANY($1::uuid[])`, [ids]);
  return new Map(
    (rows as Record<string, unknown>[]).map((r) => [
      String(r.id),
      { ...(r as unknown as RecordRow), created_at: iso(r.created_at), action_at: iso(r.action_at), closed_at: r.closed_at == null ? null : iso(r.closed_at) },
    ]),
  );
}

/** One event folded onto a record: its kind and id, and what it changes. */
interface Change {
  kind: DashboardActivityKind;
  id: string;
  /** Set for a creation: the whole row. */
  create?: RecordRow;
  action?: DashboardActivityAction;
  at?: string;
  patch?: Partial<RecordRow>;
}

function customerChange(event: Parameters<typeof parseCustomerEvent>[0]): Change | null {
  const p = parseCustomerEvent(event);
  if (!p) return null;
  const id = p.data.customerId;
  const base = { kind: 'customer' as const, id };
  switch (p.type) {
    case 'CustomerCreated': {
      const d = p.data;
      return {
        ...base,
        create: {
          id,
          kind: 'customer',
          owner: d.assignedTo,
          name: d.name,
          email: d.email,
          status: d.status,
          lead_source: d.leadSource,
          reached: FUNNEL_RANK[d.status],
          value: 0,
          closed_at: null,
          created_at: d.createdAt,
          action: 'created',
          action_at: d.createdAt,
          deleted: false,
        },
      };
    }
    case 'CustomerUpdated': {
      const c = p.data.changes;
      const patch: Partial<RecordRow> = {};
      if (c.name !== undefined) patch.name = c.name;
      if (c.email !== undefined) patch.email = c.email;
      if (c.leadSource !== undefined) patch.lead_source = c.leadSource;
      return { ...base, action: 'updated', at: p.data.updatedAt, patch };
    }
    case 'CustomerStatusChanged':
      return { ...base, action: 'status_changed', at: p.data.changedAt, patch: { status: p.data.to, reached: FUNNEL_RANK[p.data.to] } };
    case 'CustomerAssigned':
      return { ...base, action: 'assigned', at: p.data.assignedAt, patch: { owner: p.data.assignedTo } };
    case 'CustomerTagged':
      return { ...base, action: 'updated', at: p.data.taggedAt };
    case 'CustomerUntagged':
      return { ...base, action: 'updated', at: p.data.untaggedAt };
    case 'CustomerScored':
      return { ...base, action: 'updated', at: p.data.scoredAt };
    case 'CustomerDeleted':
      return { ...base, patch: { deleted: true } };
    case 'CustomerRestored':
      return { ...base, action: 'restored', at: p.data.restoredAt, patch: { deleted: false } };
    case 'CommunicationLogged':
      return { ...base, action: 'contacted', at: p.data.loggedAt };
    case 'CustomerFileAttached':
      return { ...base, action: 'updated', at: p.data.attachedAt };
    case 'CustomerFileDeleted':
      return { ...base, action: 'updated', at: p.data.deletedAt };
  }
}

function dealChange(event: Parameters<typeof parseDealEvent>[0]): Change | null {
  const p = parseDealEvent(event);
  if (!p) return null;
  const id = p.data.dealId;
  const base = { kind: 'deal' as const, id };
  switch (p.type) {
    case 'DealCreated': {
      const d = p.data;
      return {
        ...base,
        create: { id, kind: 'deal', owner: d.assignedTo, name: d.title, email: null, status: d.stage, lead_source: d.leadSource, reached: 0, value: d.value, closed_at: d.closedAt, created_at: d.createdAt, action: 'created', action_at: d.createdAt, deleted: false },
      };
    }
    case 'DealUpdated': {
      const c = p.data.changes;
      const patch: Partial<RecordRow> = {};
      if (c.title !== undefined) patch.name = c.title;
      if (c.value !== undefined) patch.value = c.value;
      if (c.assignedTo !== undefined) patch.owner = c.assignedTo;
      if (c.leadSource !== undefined) patch.lead_source = c.leadSource;
      return { ...base, action: 'updated', at: p.data.updatedAt, patch };
    }
    case 'DealStageChanged':
      return { ...base, action: 'stage_changed', at: p.data.changedAt, patch: { status: p.data.to, closed_at: p.data.closedAt } };
    case 'DealDeleted':
      return { ...base, patch: { deleted: true } };
    case 'DealRestored':
      return { ...base, action: 'restored', at: p.data.restoredAt, patch: { deleted: false } };
  }
}

function taskChange(event: Parameters<typeof parseTaskEvent>[0]): Change | null {
  const p = parseTaskEvent(event);
  if (!p) return null;
  const id = p.data.taskId;
  const base = { kind: 'task' as const, id };
  switch (p.type) {
    case 'TaskCreated': {
      const d = p.data;
      return {
        ...base,
        create: { id, kind: 'task', owner: d.assignedTo, name: d.title, email: null, status: d.status, lead_source: null, reached: 0, value: 0, closed_at: null, created_at: d.createdAt, action: 'created', action_at: d.createdAt, deleted: false },
      };
    }
    case 'TaskUpdated': {
      const c = p.data.changes;
      const patch: Partial<RecordRow> = {};
      if (c.title !== undefined) patch.name = c.title;
      if (c.assignedTo !== undefined) patch.owner = c.assignedTo;
      return { ...base, action: 'updated', at: p.data.updatedAt, patch };
    }
    case 'TaskStatusChanged':
      return { ...base, action: 'status_changed', at: p.data.changedAt, patch: { status: p.data.to } };
    case 'TaskDeleted':
      return { ...base, patch: { deleted: true } };
  }
}

/** One row of an aggregate a record counts in (`day` null: the pipeline), once per scope. */
interface Count {
  owner: string;
  kind: string;
  day: string | null;
  key: string;
  /** +1 counted now, −1 counted before. */
  n: number;
  value: number;
}

const utcDay = (instant: string) => new Date(instant).toISOString().slice(0, 10);

/** What a record counts in the aggregates (nothing once deleted), for everyone's scope and its owner's. */
function counts(row: RecordRow, sign: 1 | -1): Count[] {
  if (row.deleted) return [];
  const out: Count[] = [];
  const add = (kind: string, day: string | null, key: string, value = 0) => {
    out.push({ owner: ALL_OWNERS, kind, day, key, n: sign, value });
    if (row.owner) out.push({ owner: row.owner, kind, day, key, n: sign, value });
  };
  const created = utcDay(row.created_at);
  switch (row.kind) {
    case 'customer':
      add('customer_source', created, row.lead_source ?? '');
      add('customer_reached', created, String(row.reached));
      break;
    case 'deal':
      add('deal', created, '');
      add('stage', null, row.status);
      // As the revenue figures read crm_deals: now in closed_won, by the day it closed.
      if (row.status === 'closed_won' && row.closed_at) add('won', utcDay(row.closed_at), '', row.value);
      break;
    case 'task':
      add('task', created, row.status);
      break;
  }
  return out;
}

/** Adds the batch's differences to the aggregates (summed per key in SQL, values as numeric) and drops emptied rows. */
async function applyCounts(client: SqlQueryable, tables: PhysicalTables, changes: Count[]) {
  const daily = changes.filter((c) => c.day !== null);
  const pipeline = changes.filter((c) => c.day === null).map(({ owner, key, n }) => ({ owner, stage: key, n }));
  if (daily.length > 0) {
    const t = quoteIdent(tables.crm_dashboard_daily!);
    await client.query(
      `INSERT INTO ${t} AS t (owner, kind, day, key, n, value)
       SELECT c.owner, c.kind, c.day, c.key, sum(c.n)::int, sum(c.n * c.value::numeric(16,2))
         FROM jsonb_to_recordset($1::jsonb) AS c(owner uuid, kind text, day date, key text, n int, value numeric)
        GROUP BY 1, 2, 3, 4
       HAVING sum(c.n) <> 0 OR sum(c.n * c.value::numeric(16,2)) <> 0
       ON CONFLICT (owner, kind, day, key) DO UPDATE SET n = t.n + EXCLUDED.n, value = t.value + EXCLUDED.value, projected_at = clock_timestamp()`,
      [JSON.stringify(daily)],
    );
    await client.query(
      `DELETE FROM ${t} AS t USING (SELECT DISTINCT owner, kind, day, key FROM jsonb_to_recordset($1::jsonb) AS c(owner uuid, kind text, day date, key text)) c
        WHERE t.owner = c.owner AND t.kind = c.kind AND t.day = c.day AND t.key = c.key AND t.n = 0 AND t.value = 0`,
      [JSON.stringify(daily)],
    );
  }
  if (pipeline.length > 0) {
    const t = quoteIdent(tables.crm_dashboard_pipeline!);
    await client.query(
      `INSERT INTO ${t} AS t (owner, stage, n)
       SELECT c.owner, c.stage, sum(c.n)::int FROM jsonb_to_recordset($1::jsonb) AS c(owner uuid, stage text, n int)
        GROUP BY 1, 2 HAVING sum(c.n) <> 0
       ON CONFLICT (owner, stage) DO UPDATE SET n = t.n + EXCLUDED.n, projected_at = clock_timestamp()`,
      [JSON.stringify(pipeline)],
    );
    await client.query(
      `DELETE FROM ${t} AS t USING (SELECT DISTINCT owner, stage FROM jsonb_to_recordset($1::jsonb) AS c(owner uuid, stage text)) c
        WHERE t.owner = c.owner AND t.stage = c.stage AND t.n = 0`,
      [JSON.stringify(pipeline)],
    );
  }
}

const EVENT_TYPES = [...Object.keys(customerEventSchemas), ...Object.keys(dealEventSchemas), ...Object.keys(taskEventSchemas)];

export const dashboardProjection = defineProjection({
  name: 'crm_dashboard',
  // 2: deals' value and closed_at, the `created` and `won` indexes, and the daily and pipeline aggregates.
  version: 2,
  tables: [dashboardRecordsTable.name, dashboardDailyTable.name, dashboardPipelineTable.name],
  eventTypes: EVENT_TYPES,

  async setup(client, physical) {
    await createReadModelTables(client, physical, dashboardRecordsTable, dashboardDailyTable, dashboardPipelineTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, dashboardRecordsTable, dashboardDailyTable, dashboardPipelineTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const table = tables.crm_dashboard_records!;
    const changes = events.flatMap((e) => customerChange(e) ?? dealChange(e) ?? taskChange(e) ?? []);
    if (changes.length === 0) return;
    // Every touched record as stored (created ones too: a creation of a record already here changes nothing).
    const rows = await loadRows(client, table, [...new Set(changes.map((c) => c.id))]);
    const before = [...rows.values()].flatMap((row) => counts(row, -1));
    const touched = new Set<string>();
    for (const c of changes) {
      if (c.create) {
        if (!rows.has(c.id)) rows.set(c.id, c.create);
        touched.add(c.id);
        continue;
      }
      const row = rows.get(c.id);
      if (!row) continue; // a record this read model never saw created
      touched.add(c.id);
      const { reached, ...patch } = c.patch ?? {};
      Object.assign(row, patch);
      // The funnel counts the furthest stage ever reached: a later step back (to lead or inactive) keeps it.
      if (reached !== undefined) row.reached = Math.max(row.reached, reached);
      // The latest activity by the time the events state (a back-dated event does not push a newer one out).
      if (c.action && c.at && Date.parse(c.at) >= Date.parse(row.action_at)) {
        row.action = c.action;
        row.action_at = iso(c.at);
      }
    }
    const written = [...touched].map((id) => rows.get(id)!);
    await dashboardRecordsTable.upsert(client, table, written);
    // Untouched loaded rows are unchanged: their −1 and +1 cancel out in the sums.
    await applyCounts(client, tables, [...before, ...[...rows.values()].flatMap((row) => counts(row, 1))]);
  },
});
