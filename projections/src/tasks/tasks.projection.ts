/**
 * The tasks read model (spec 02 §3 "Task"; the Task Manager and the customer detail's Tasks tab).
 * One row per live task; a deleted task's row is removed. Customer name/company, deal title and assignee
 * name are joined at query time from the `crm_customers`, `crm_deals` and `users` views (tasks.queries.ts).
 * `search` is the lowercased title and description: each is lowercased in JavaScript (`title_lc`,
 * `description_lc`, written with the text they follow) and a generated column joins them, so a partial update keeps
 * it right and the match does not depend on the database's locale (under the C locale `lower()` folds ASCII only;
 * the query side lowercases in JavaScript too).
 */
import { taskEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';

const parseTaskEvent = contractEventParser(taskEventSchemas);

/** The search form of a text (same normalisation as the query side, tasks.queries.ts). */
const searchForm = (text: string | null) => (text === null ? null : text.toLowerCase());

/** Event field → column, for `TaskUpdated.changes`. */
const COLUMN_OF = {
  title: 'title',
  description: 'description',
  type: 'type',
  priority: 'priority',
  assignedTo: 'assigned_to',
  customerId: 'customer_id',
  dealId: 'deal_id',
  dueDate: 'due_date',
  estimatedHours: 'estimated_hours',
  tags: 'tags',
} as const;

/** Per task touched by a batch: a row to insert (created in this batch), column changes to an existing row, or removal. */
interface Pending {
  insert: TaskRow | null;
  patch: Record<string, unknown>;
  deleted: boolean;
}

/** The `crm_tasks` read model's table: one row per live task. */
export const tasksTable = readModelTable({
  name: 'crm_tasks',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    title: { type: 'text' },
    description: { type: 'text', nullable: true },
    type: { type: 'text' },
    status: { type: 'text' },
    priority: { type: 'text' },
    customer_id: { type: 'uuid', nullable: true },
    deal_id: { type: 'uuid', nullable: true },
    assigned_to: { type: 'uuid', nullable: true },
    due_date: { type: 'timestamptz', nullable: true },
    estimated_hours: { type: 'numeric(10,2)', default: '0' },
    tags: { type: 'text[]', default: "'{}'" },
    completed_at: { type: 'timestamptz', nullable: true },
    created_at: { type: 'timestamptz' },
    updated_at: { type: 'timestamptz' },
    title_lc: { type: 'text' },
    description_lc: { type: 'text', nullable: true },
    search: { type: 'text', nullable: true, generated: "title_lc || ' ' || coalesce(description_lc, '')" },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'created', on: '(created_at DESC, id DESC)' },
    { name: 'assigned_created', on: '(assigned_to, created_at DESC)' },
    { name: 'customer', on: '(customer_id)', where: 'customer_id IS NOT NULL' },
    { name: 'deal', on: '(deal_id)', where: 'deal_id IS NOT NULL' },
    { search: 'search' },
  ],
});

type TaskRow = RowOf<typeof tasksTable>;

export const tasksProjection = defineProjection({
  name: 'crm_tasks',
  // 2: search lowercased in JavaScript (title_lc, description_lc) instead of by the database's lower().
  version: 2,
  tables: [tasksTable.name],
  eventTypes: Object.keys(taskEventSchemas),

  async setup(client, physical) {
    await createReadModelTables(client, physical, tasksTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, tasksTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.crm_tasks!);
    const pending = new Map<string, Pending>();
    const entry = (id: string): Pending => {
      let e = pending.get(id);
      if (!e) pending.set(id, (e = { insert: null, patch: {}, deleted: false }));
      return e;
    };
    const change = (id: string, columns: Record<string, unknown>) => {
      const e = entry(id);
      if (e.deleted) return;
      if (e.insert) Object.assign(e.insert, columns);
      else Object.assign(e.patch, columns);
    };
    for (const event of events) {
      const parsed = parseTaskEvent(event);
      if (!parsed) continue;
      switch (parsed.type) {
        case 'TaskCreated': {
          const d = parsed.data;
          const e = entry(d.taskId);
          if (e.insert || e.deleted) break;
          e.insert = {
            id: d.taskId,
            title: d.title,
            description: d.description,
            type: d.type,
            status: d.status,
            priority: d.priority,
            customer_id: d.customerId,
            deal_id: d.dealId,
            assigned_to: d.assignedTo,
            due_date: d.dueDate,
            estimated_hours: d.estimatedHours,
            tags: d.tags,
            completed_at: d.completedAt,
            created_at: d.createdAt,
            updated_at: d.createdAt,
            title_lc: searchForm(d.title)!,
            description_lc: searchForm(d.description),
          };
          break;
        }
        case 'TaskUpdated': {
          const columns: Record<string, unknown> = { updated_at: parsed.data.updatedAt };
          for (const [key, value] of Object.entries(parsed.data.changes)) {
            if (value !== undefined) columns[COLUMN_OF[key as keyof typeof COLUMN_OF]] = value;
          }
          const { title, description } = parsed.data.changes;
          if (title !== undefined) columns.title_lc = searchForm(title);
          if (description !== undefined) columns.description_lc = searchForm(description);
          change(parsed.data.taskId, columns);
          break;
        }
        case 'TaskStatusChanged':
          change(parsed.data.taskId, { status: parsed.data.to, completed_at: parsed.data.completedAt, updated_at: parsed.data.changedAt });
          break;
        case 'TaskDeleted': {
          const e = entry(parsed.data.taskId);
          e.deleted = true;
          e.insert = null;
          e.patch = {};
          break;
        }
      }
    }
    const all = [...pending.entries()];
    const deletes = all.filter(([, e]) => e.deleted).map(([id]) => id);
    const inserts = all.flatMap(([, e]) => (e.insert ? [e.insert] : []));
    const patches = all.filter(([, e]) => !e.deleted && !e.insert && Object.keys(e.patch).length > 0).map(([id, e]) => ({ id, d: e.patch }));
    if (deletes.length > 0) await client.query(`DELETE FROM ${q} WHERE id = ANY($1::uuid[])`, [deletes]);
    await tasksTable.insertNew(client, tables.crm_tasks!, inserts);
    if (patches.length > 0) {
      const set = (column: string, cast: string) => `${column} = CASE WHEN p.d ? '${column}' THEN (p.d->>'${column}')::${cast} ELSE t.${column} END`;
      await client.query(
        `UPDATE ${q} AS t SET
           ${set('title', 'text')}, ${set('description', 'text')}, ${set('type', 'text')}, ${set('status', 'text')},
           ${set('priority', 'text')}, ${set('customer_id', 'uuid')}, ${set('deal_id', 'uuid')}, ${set('assigned_to', 'uuid')},
           ${set('due_date', 'timestamptz')}, ${set('estimated_hours', 'numeric')}, ${set('completed_at', 'timestamptz')},
           ${set('updated_at', 'timestamptz')}, ${set('title_lc', 'text')}, ${set('description_lc', 'text')},
           tags = CASE WHEN p.d ? 'tags' THEN ARRAY(SELECT jsonb_array_elements_text(p.d->'tags')) ELSE t.tags END,
           projected_at = clock_timestamp()
         FROM jsonb_to_recordset($1::jsonb) AS p(id uuid, d jsonb)
         WHERE t.id = p.id`,
        [JSON.stringify(patches)],
      );
    }
  },
});
