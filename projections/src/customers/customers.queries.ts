/**
 * Reads of the customers read model (always through the VIEWs `crm_customers`, `crm_communications`,
 * `crm_customer_files`), joined at query time with `users` (assignee names), `crm_deals` (totals, Deals tab)
 * and `crm_tasks` (Tasks tab). Parameterised SQL only. See docs/CRM.md "Customers" for the counting rule.
 */
import {
  CUSTOMER_COUNT_CAP,
  type CommunicationView,
  type CrmActor,
  type CustomerDealView,
  type CustomerFileView,
  type CustomerListInput,
  type CustomerListResult,
  type CustomerTaskView,
  type CustomerView,
} from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { containsPattern, sqlParams } from '../runner/read-model.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Columns of `crm_customers` (alias `c`) a CustomerView needs; the totals and assignee name are joined. */
const CUSTOMER_COLUMNS = `c.id::text AS id, c.name, c.email, c.phone, c.company, c.website, c.address, c.city, c.country, c.industry,
  c.status, c.lead_score, c.assigned_to::text AS assigned_to, c.lead_source, c.tags, c.notes, c.created_at, c.updated_at,
  c.last_contact, c.deleted_at`;

/**
 * Adds the assignee's name and the deal totals to the customers of `from` (alias `c`): totalDeals counts the
 * customer's deals (any stage); totalValue (= wonValue) sums the value of those closed won, openValue that of the
 * open ones (not closed won or lost). One index lookup per row of
 * the page (LATERAL), never an aggregate over every deal.
 */
const ENRICHED = (from: string) => `
  SELECT ${CUSTOMER_COLUMNS}, u.name AS assigned_to_name, d.total_deals, d.total_value, d.open_value
  FROM ${from}
  LEFT JOIN users u ON u.id = c.assigned_to
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS total_deals, coalesce(sum(x.value) FILTER (WHERE x.stage = 'closed_won'), 0)::float8 AS total_value,
           coalesce(sum(x.value) FILTER (WHERE x.stage NOT IN ('closed_won', 'closed_lost')), 0)::float8 AS open_value
    FROM crm_deals x WHERE x.customer_id = c.id
  ) d ON true`;

interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  industry: string | null;
  status: string;
  lead_score: number;
  assigned_to: string | null;
  assigned_to_name: string | null;
  lead_source: string | null;
  tags: string[];
  notes: string | null;
  created_at: Date;
  updated_at: Date;
  last_contact: Date | null;
  deleted_at: Date | null;
  total_deals: number | null;
  total_value: number | null;
  open_value: number | null;
}

export function customerRowToView(r: CustomerRow): CustomerView {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    website: r.website,
    address: r.address,
    city: r.city,
    country: r.country,
    industry: r.industry as CustomerView['industry'],
    status: r.status as CustomerView['status'],
    leadScore: r.lead_score,
    assignedTo: r.assigned_to,
    assignedToName: r.assigned_to_name,
    leadSource: r.lead_source as CustomerView['leadSource'],
    tags: r.tags,
    notes: r.notes,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    totalDeals: r.total_deals ?? 0,
    totalValue: Number(r.total_value ?? 0),
    wonValue: Number(r.total_value ?? 0),
    openValue: Number(r.open_value ?? 0),
    lastContact: r.last_contact ? r.last_contact.toISOString() : null,
    deletedAt: r.deleted_at ? r.deleted_at.toISOString() : null,
  };
}

/** Over `crm_customers` without alias (inner query), ties broken by id so the order is total. */
const ORDER_BY: Record<CustomerListInput['sort'], string> = {
  newest: 'created_at DESC, id DESC',
  oldest: 'created_at ASC, id ASC',
  name: 'lower(name) ASC, id ASC',
  leadScore: 'lead_score DESC, created_at DESC, id DESC',
  lastContact: 'last_contact DESC NULLS LAST, created_at DESC, id DESC',
};
/** The same order over the enriched page (alias `c`). */
const orderOver = (order: string, alias: string) => order.replace(/(^|, )(lower\()?([a-z_]+)/g, (_m, sep: string, fn: string | undefined, col: string) => `${sep}${fn ?? ''}${alias}.${col}`);

export type CustomerFilter = Pick<CustomerListInput, 'search' | 'status' | 'leadSource' | 'deleted'>;

/**
 * For an e-mail-like term (no spaces; an '@' or a '.') holding a run of at least three digits, that run: the
 * trigram index is asked for the run alone (a few short posting lists instead of the twenty-odd long ones of
 * "olivia.smith.946426@…") and the whole term is then tested on those few rows (`strpos`, not indexed), so
 * the matches are exactly those of the whole term. Null for any other term (the whole term goes to the index).
 */
export function rareAnchor(term: string): string | null {
  if (/\s/.test(term) || !/[.@]/.test(term)) return null;
  const digits = (term.match(/[0-9]{3,}/g) ?? []).sort((a, b) => b.length - a.length)[0];
  return digits && digits !== term ? digits : null;
}

/** The WHERE conditions of a filter, for the actor's scope. */
function filterConditions(filter: CustomerFilter, actor: CrmActor, sql: ReturnType<typeof sqlParams>): string[] {
  const where: string[] = [filter.deleted ? 'deleted_at IS NOT NULL' : 'deleted_at IS NULL'];
  const search = (filter.search ?? '').trim().toLowerCase();
  if (search) {
    const anchor = rareAnchor(search);
    if (anchor) where.push(`search LIKE ${sql.param(containsPattern(anchor))}`, `strpos(search, ${sql.param(search)}) > 0`);
    else where.push(`search LIKE ${sql.param(containsPattern(search))}`);
  }
  if (filter.status && filter.status !== 'all') where.push(`status = ${sql.param(filter.status)}`);
  if (filter.leadSource && filter.leadSource !== 'all') where.push(`lead_source = ${sql.param(filter.leadSource)}`);
  if (actor.scope === 'own') where.push(`assigned_to = ${sql.param(actor.userId)}::uuid`);
  return where;
}

/** The planner's row estimate for the filter (planning only, well under a millisecond). */
async function estimateMatches(db: SqlQueryable, condition: string, params: unknown[]): Promise<number> {
  const plan = await db.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM crm_customers WHERE ${condition}`, params);
  return Math.round(Number((plan.rows[0] as { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] })['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0));
}

/**
 * One page of customers and how many match, without paying for an exact count(*) over a large set
 * (docs/CRM.md "Counting"). The planner's estimate first: above CUSTOMER_COUNT_CAP it is the total, flagged as
 * an estimate, and only the page is read (its ids first — for "newest" and "status + term" an index-only walk
 * that tests the term on the index entries — then their rows by key). Otherwise one statement reads at most
 * cap + 1 matches once (a single trigram scan), counts them and sorts the page out of them; should the estimate
 * have been too low and the cap be reached, the page is read as above and the total is again an estimate (at
 * least cap + 1).
 */
export async function listCustomers(db: SqlQueryable, filter: CustomerListInput, actor: CrmActor): Promise<CustomerListResult> {
  const sql = sqlParams();
  const where = filterConditions(filter, actor, sql);
  const condition = where.join(' AND ');
  const filterParams = [...sql.params];
  const page = filter.page ?? 1;
  const limit = filter.limit ?? 50;
  const order = filter.deleted ? 'deleted_at DESC, id DESC' : (ORDER_BY[filter.sort ?? 'newest'] ?? ORDER_BY.newest);
  const slice = `ORDER BY ${order} LIMIT ${sql.param(limit)} OFFSET ${sql.param((page - 1) * limit)}`;
  const done = (rows: unknown[], total: number, totalIsEstimate: boolean): CustomerListResult => ({
    customers: (rows as CustomerRow[]).map(customerRowToView),
    page,
    limit,
    total,
    totalIsEstimate,
  });
  const readPage = async () =>
    (
      await db.query(
        `${ENRICHED(`(SELECT x.* FROM (SELECT id FROM crm_customers WHERE ${condition} ${slice}) AS p JOIN crm_customers x ON x.id = p.id) AS c`)}
         ORDER BY ${orderOver(order, 'c')}`,
        sql.params,
      )
    ).rows;
  const estimate = await estimateMatches(db, condition, filterParams);
  if (estimate > CUSTOMER_COUNT_CAP) return done(await readPage(), estimate, true);
  const { rows } = await db.query(
    `WITH m AS MATERIALIZED (SELECT * FROM crm_customers WHERE ${condition} LIMIT ${CUSTOMER_COUNT_CAP + 1}),
          n AS (SELECT count(*)::int AS match_count FROM m)
     SELECT n.match_count, e.* FROM n LEFT JOIN (
       ${ENRICHED(`(SELECT * FROM m ${slice}) AS c`)}
     ) AS e ON true
     ORDER BY ${orderOver(order, 'e')}`,
    sql.params,
  );
  const matched = (rows[0] as { match_count: number } | undefined)?.match_count ?? 0;
  if (matched > CUSTOMER_COUNT_CAP) return done(await readPage(), Math.max(CUSTOMER_COUNT_CAP + 1, estimate), true);
  return done(
    (rows as { id: string | null }[]).filter((r) => r.id !== null),
    matched,
    false,
  );
}

/** The live customers with the e-mail $1 (case-insensitive), through the `email` index. */
export const CUSTOMER_BY_EMAIL_SQL = `SELECT id::text AS id, created_at FROM crm_customers WHERE lower(email) = lower($1) AND deleted_at IS NULL`;

/**
 * The live customer with this e-mail (case-insensitive, through the `email` index; the oldest when several, which
 * only data from before e-mails were unique can hold), other than `exceptId`; null if none. The oldest is picked
 * here, not by `ORDER BY created_at, id LIMIT 1`: with that, PostgreSQL walked the `created` index filtering on the
 * e-mail while the table was young (its statistics said ~90 rows per address), 186 ms at 20,000 customers against
 * 0.02 ms through the `email` index, and creating customers fell to 200/s.
 */
export async function findCustomerIdByEmail(db: SqlQueryable, email: string, exceptId: string | null = null): Promise<string | null> {
  try {
    const { rows } = await db.query(CUSTOMER_BY_EMAIL_SQL, [email.trim()]);
    let oldest: { id: string; created_at: Date } | null = null;
    for (const row of rows as { id: string; created_at: Date }[]) {
      if (row.id === exceptId) continue;
      if (!oldest || row.created_at < oldest.created_at || (row.created_at.getTime() === oldest.created_at.getTime() && row.id < oldest.id)) oldest = row;
    }
    return oldest?.id ?? null;
  } catch (err) {
    // 42P01 undefined_table: the projector has not created its first generation yet (a first start seeding at once).
    if ((err as { code?: string }).code === '42P01') return null;
    throw err;
  }
}

/** One customer in the actor's reach (deleted ones only with `includeDeleted`); null otherwise. */
export async function getCustomer(db: SqlQueryable, id: string, actor: CrmActor, options: { includeDeleted?: boolean } = {}): Promise<CustomerView | null> {
  if (!UUID_RE.test(id)) return null;
  const { rows } = await db.query(
    `${ENRICHED('crm_customers c')}
     WHERE c.id = $1 AND ($2::boolean OR c.deleted_at IS NULL) AND ($3::uuid IS NULL OR c.assigned_to = $3::uuid)`,
    [id, options.includeDeleted === true, actor.scope === 'own' ? actor.userId : null],
  );
  const row = rows[0] as CustomerRow | undefined;
  return row ? customerRowToView(row) : null;
}

interface CommunicationRow {
  id: string;
  customer_id: string;
  type: string;
  direction: string;
  status: string;
  subject: string | null;
  content: string | null;
  attachments: { fileId: string; name: string }[];
  occurred_at: Date;
  user_name: string | null;
}

function communicationRowToView(r: CommunicationRow): CommunicationView {
  return {
    id: r.id,
    customerId: r.customer_id,
    type: r.type as CommunicationView['type'],
    direction: r.direction as CommunicationView['direction'],
    status: r.status as CommunicationView['status'],
    subject: r.subject,
    content: r.content,
    attachments: r.attachments,
    timestamp: r.occurred_at.toISOString(),
    user: r.user_name,
  };
}

interface FileRow {
  id: string;
  customer_id: string;
  name: string;
  content_type: string;
  size: string | number;
  uploaded_at: Date;
  uploaded_by_name: string | null;
}

function fileRowToView(r: FileRow): CustomerFileView {
  return {
    id: r.id,
    customerId: r.customer_id,
    name: r.name,
    contentType: r.content_type,
    size: Number(r.size),
    uploadedAt: r.uploaded_at.toISOString(),
    uploadedBy: r.uploaded_by_name,
  };
}

const COMMUNICATION_SELECT = `SELECT m.id::text AS id, m.customer_id::text AS customer_id, m.type, m.direction, m.status, m.subject, m.content,
  m.attachments, m.occurred_at, u.name AS user_name
  FROM crm_communications m LEFT JOIN users u ON u.id = m.logged_by`;
const FILE_SELECT = `SELECT f.id::text AS id, f.customer_id::text AS customer_id, f.name, f.content_type, f.size, f.uploaded_at, u.name AS uploaded_by_name
  FROM crm_customer_files f LEFT JOIN users u ON u.id = f.uploaded_by`;

export async function getCommunication(db: SqlQueryable, id: string): Promise<CommunicationView | null> {
  const { rows } = await db.query(`${COMMUNICATION_SELECT} WHERE m.id = $1`, [id]);
  const row = rows[0] as CommunicationRow | undefined;
  return row ? communicationRowToView(row) : null;
}

export async function getCustomerFile(db: SqlQueryable, customerId: string, fileId: string): Promise<CustomerFileView | null> {
  if (!UUID_RE.test(customerId) || !UUID_RE.test(fileId)) return null;
  const { rows } = await db.query(`${FILE_SELECT} WHERE f.id = $1 AND f.customer_id = $2`, [fileId, customerId]);
  const row = rows[0] as FileRow | undefined;
  return row ? fileRowToView(row) : null;
}

/**
 * The detail dialog's tabs for a customer already known to be in reach: every communication (newest first)
 * and file, and the customer's deals and tasks. For a `crm:own` actor, the Deals and Tasks tabs show only
 * those assigned to them (the scope rule holds for every aggregate).
 */
export async function getCustomerTabs(db: SqlQueryable, customerId: string, actor: CrmActor) {
  const own = actor.scope === 'own' ? actor.userId : null;
  const [communications, files, deals, tasks] = await Promise.all([
    db.query(`${COMMUNICATION_SELECT} WHERE m.customer_id = $1 ORDER BY m.occurred_at DESC, m.id DESC`, [customerId]),
    db.query(`${FILE_SELECT} WHERE f.customer_id = $1 ORDER BY f.uploaded_at DESC, f.id DESC`, [customerId]),
    db.query(
      `SELECT id::text AS id, title, value::float8 AS value, stage, probability, expected_close_date::text AS expected_close_date, created_at
       FROM crm_deals WHERE customer_id = $1 AND ($2::uuid IS NULL OR assigned_to = $2::uuid) ORDER BY created_at DESC, id DESC`,
      [customerId, own],
    ),
    db.query(
      `SELECT id::text AS id, title, type, status, priority, due_date, completed_at
       FROM crm_tasks WHERE customer_id = $1 AND ($2::uuid IS NULL OR assigned_to = $2::uuid) ORDER BY due_date ASC NULLS LAST, created_at DESC, id DESC`,
      [customerId, own],
    ),
  ]);
  return {
    communications: (communications.rows as CommunicationRow[]).map(communicationRowToView),
    files: (files.rows as FileRow[]).map(fileRowToView),
    deals: (deals.rows as { id: string; title: string; value: number; stage: string; probability: number; expected_close_date: string | null; created_at: Date }[]).map(
      (d): CustomerDealView => ({
        id: d.id,
        title: d.title,
        value: Number(d.value),
        stage: d.stage as CustomerDealView['stage'],
        probability: d.probability,
        expectedCloseDate: d.expected_close_date,
        createdAt: d.created_at.toISOString(),
      }),
    ),
    tasks: (tasks.rows as { id: string; title: string; type: string; status: string; priority: string; due_date: Date | null; completed_at: Date | null }[]).map(
      (t): CustomerTaskView => ({
        id: t.id,
        title: t.title,
        type: t.type as CustomerTaskView['type'],
        status: t.status as CustomerTaskView['status'],
        priority: t.priority as CustomerTaskView['priority'],
        dueDate: t.due_date ? t.due_date.toISOString() : null,
        completedAt: t.completed_at ? t.completed_at.toISOString() : null,
      }),
    ),
  };
}

/**
 * Every customer a filter matches, newest first, in chunks of `chunkSize` read by keyset pagination on
 * (created_at, id) (the `created` index): memory stays flat however many rows there are, and each chunk
 * is a short statement (no transaction held open for the whole download).
 */
export async function* iterateCustomers(db: SqlQueryable, filter: Omit<CustomerFilter, 'deleted'>, actor: CrmActor, chunkSize = 2000): AsyncGenerator<CustomerView[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const sql = sqlParams();
    const where = filterConditions({ ...filter, deleted: false }, actor, sql);
    if (after) where.push(`(created_at, id) < (${sql.param(after.createdAt)}::timestamptz, ${sql.param(after.id)}::uuid)`);
    const { rows } = await db.query(
      `${ENRICHED(`(SELECT * FROM crm_customers WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${sql.param(chunkSize)}) AS c`)}
       ORDER BY c.created_at DESC, c.id DESC`,
      sql.params,
    );
    const batch = rows as CustomerRow[];
    if (batch.length === 0) return;
    yield batch.map(customerRowToView);
    if (batch.length < chunkSize) return;
    const last = batch.at(-1)!;
    after = { createdAt: last.created_at, id: last.id };
  }
}
