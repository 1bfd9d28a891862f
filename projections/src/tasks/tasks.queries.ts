/**
 * Reads of the tasks read model, always through the `crm_tasks` VIEW; customer name/company, deal title and
 * the assignee's name are joined at query time from the `crm_customers`, `crm_deals` and `users` views.
 * Record-level scope: an actor with `own` scope reads only the tasks assigned to them.
 */
import { TASK_LIST_MAX, type CrmActor, type TaskListInput, type TaskStats, type TaskView } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { containsPattern, countedPage, sqlParams } from '../runner/read-model.ts';

interface TaskRow {
  id: string;
  title: string;
  description: string | null;
  type: string;
  status: string;
  priority: string;
  assigned_to: string | null;
  assigned_to_name: string | null;
  customer_id: string | null;
  customer_name: string | null;
  customer_company: string | null;
  deal_id: string | null;
  deal_title: string | null;
  due_date: Date | null;
  estimated_hours: string;
  tags: string[];
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const RELATION = `crm_tasks t
  LEFT JOIN crm_customers c ON c.id = t.customer_id
  LEFT JOIN crm_deals d ON d.id = t.deal_id
  LEFT JOIN users u ON u.id = t.assigned_to`;

const COLUMNS = `t.id::text AS id, t.title, t.description, t.type, t.status, t.priority,
  t.assigned_to::text AS assigned_to, u.name AS assigned_to_name,
  t.customer_id::text AS customer_id, c.name AS customer_name, c.company AS customer_company,
  t.deal_id::text AS deal_id, d.title AS deal_title,
  t.due_date, t.estimated_hours::text AS estimated_hours, t.tags, t.completed_at, t.created_at, t.updated_at`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toView(r: TaskRow): TaskView {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    type: r.type as TaskView['type'],
    status: r.status as TaskView['status'],
    priority: r.priority as TaskView['priority'],
    assignedTo: r.assigned_to,
    assignedToName: r.assigned_to_name,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerCompany: r.customer_company,
    dealId: r.deal_id,
    dealTitle: r.deal_title,
    dueDate: r.due_date ? r.due_date.toISOString() : null,
    estimatedHours: Number(r.estimated_hours),
    tags: r.tags ?? [],
    completedAt: r.completed_at ? r.completed_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/**
 * The Task Manager's list: newest first, page `filter.page` of `pageSize` rows; the stats count every task the
 * filters match (overdue: due before `now`, neither completed nor cancelled; spec 02 §4).
 */
export async function listTasks(
  db: SqlQueryable,
  filter: TaskListInput,
  actor: CrmActor,
  now: Date,
  pageSize = TASK_LIST_MAX,
): Promise<{ tasks: TaskView[]; stats: TaskStats }> {
  const sql = sqlParams();
  const where: string[] = [];
  if (actor.scope !== 'all') where.push(`t.assigned_to = ${sql.param(actor.userId)}::uuid`);
  const search = (filter.search ?? '').trim().toLowerCase();
  if (search) where.push(`t.search LIKE ${sql.param(containsPattern(search))}`);
  if (filter.status !== 'all') where.push(`t.status = ${sql.param(filter.status)}`);
  if (filter.priority !== 'all') where.push(`t.priority = ${sql.param(filter.priority)}`);
  if (filter.type !== 'all') where.push(`t.type = ${sql.param(filter.type)}`);
  if (filter.customerId) where.push(`t.customer_id = ${sql.param(filter.customerId)}::uuid`);
  const nowParam = sql.param(now);
  const { rows, counts } = await countedPage<TaskRow, keyof TaskStats>(db, {
    relation: RELATION,
    columns: COLUMNS,
    where,
    order: 'f.created_at DESC, f.id DESC',
    counts: {
      total: null,
      pending: `status = 'pending'`,
      completed: `status = 'completed'`,
      overdue: `due_date < ${nowParam}::timestamptz AND status NOT IN ('completed', 'cancelled')`,
    },
    page: filter.page,
    pageSize,
    sql,
  });
  return { tasks: rows.map(toView), stats: counts };
}

/** One task, or null when unknown, deleted or out of the actor's reach (callers answer 404). */
export async function getTask(db: SqlQueryable, id: string, actor: CrmActor): Promise<TaskView | null> {
  if (!UUID_RE.test(id)) return null;
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM ${RELATION} WHERE t.id = $1::uuid AND ($2::uuid IS NULL OR t.assigned_to = $2::uuid)`,
    [id, actor.scope === 'all' ? null : actor.userId],
  );
  const row = rows[0] as TaskRow | undefined;
  return row ? toView(row) : null;
}
