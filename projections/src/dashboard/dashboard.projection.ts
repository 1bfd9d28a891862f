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
 * Set-based like the other CRM projections: a batch loads the rows it touches (one SELECT), folds its events onto
 * them in JavaScript and writes them back with one upsert.
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
    // Customers of a period (KPI, acquisition, funnel) read from the index alone.
    { name: 'customers_created', on: '(created_at) INCLUDE (owner, lead_source, reached)', where: "kind = 'customer' AND NOT deleted" },
  ],
});

type RecordRow = RowOf<typeof dashboardRecordsTable>;

const COLUMNS = dashboardRecordsTable.writtenColumns;
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

async function loadRows(client: SqlQueryable, table: string, ids: string[]): Promise<Map<string, RecordRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await client.query(`SELECT ${COLUMNS.join(', ')} FROM ${quoteIdent(table)} WHERE id = ANY($1::uuid[])`, [ids]);
  return new Map(
    (rows as Record<string, unknown>[]).map((r) => [String(r.id), { ...(r as unknown as RecordRow), created_at: iso(r.created_at), action_at: iso(r.action_at) }]),
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
        create: { id, kind: 'deal', owner: d.assignedTo, name: d.title, email: null, status: d.stage, lead_source: d.leadSource, reached: 0, created_at: d.createdAt, action: 'created', action_at: d.createdAt, deleted: false },
      };
    }
    case 'DealUpdated': {
      const c = p.data.changes;
      const patch: Partial<RecordRow> = {};
      if (c.title !== undefined) patch.name = c.title;
      if (c.assignedTo !== undefined) patch.owner = c.assignedTo;
      if (c.leadSource !== undefined) patch.lead_source = c.leadSource;
      return { ...base, action: 'updated', at: p.data.updatedAt, patch };
    }
    case 'DealStageChanged':
      return { ...base, action: 'stage_changed', at: p.data.changedAt, patch: { status: p.data.to } };
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
        create: { id, kind: 'task', owner: d.assignedTo, name: d.title, email: null, status: d.status, lead_source: null, reached: 0, created_at: d.createdAt, action: 'created', action_at: d.createdAt, deleted: false },
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

const EVENT_TYPES = [...Object.keys(customerEventSchemas), ...Object.keys(dealEventSchemas), ...Object.keys(taskEventSchemas)];

export const dashboardProjection = defineProjection({
  name: 'crm_dashboard',
  version: 1,
  tables: [dashboardRecordsTable.name],
  eventTypes: EVENT_TYPES,

  async setup(client, physical) {
    await createReadModelTables(client, physical, dashboardRecordsTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, dashboardRecordsTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const table = tables.crm_dashboard_records!;
    const changes = events.flatMap((e) => customerChange(e) ?? dealChange(e) ?? taskChange(e) ?? []);
    if (changes.length === 0) return;
    const created = new Set(changes.filter((c) => c.create).map((c) => c.id));
    const rows = await loadRows(client, table, [...new Set(changes.map((c) => c.id))].filter((id) => !created.has(id)));
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
    await dashboardRecordsTable.upsert(
      client,
      table,
      [...touched].map((id) => rows.get(id)!),
    );
  },
});
