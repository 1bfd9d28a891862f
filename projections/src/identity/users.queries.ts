/**
 * Reads of the users read model (always through the `users` VIEW, i.e. the live generation).
 * Parameterised SQL only; the list and its counters come from ONE statement (one snapshot).
 */
import type { AssigneeView, UserCounts, UserListInput, UserView } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { containsPattern, countedPage, sqlParams } from '../runner/read-model.ts';

export interface UserListResult {
  /** One page of the filtered, sorted accounts. */
  users: UserView[];
  /** Over the whole filtered set, not only this page (spec 01 §4 counter definitions). */
  counts: UserCounts;
  page: number;
  pageSize: number;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  user_type: UserView['userType'];
  is_approved: boolean;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id::text AS id, name, email, user_type, is_approved, is_active, created_at, updated_at';

const TYPE_RANK = `CASE f.user_type WHEN 'admin' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END`;

/** Over the filtered set `f`; ties broken by newest first, then id, so the order is total. */
const ORDER_BY: Record<UserListInput['sortBy'], string> = {
  newest: 'f.created_at DESC, f.id DESC',
  oldest: 'f.created_at ASC, f.id ASC',
  name: 'lower(f.name) ASC, f.name ASC, f.created_at DESC, f.id DESC',
  email: 'lower(f.email) ASC, f.email ASC, f.created_at DESC, f.id DESC',
  // admin, manager, user; by name within a type
  type: `${TYPE_RANK} ASC, lower(f.name) ASC, f.created_at DESC, f.id DESC`,
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toView(r: UserRow): UserView {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    userType: r.user_type,
    isApproved: r.is_approved,
    isActive: r.is_active,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function listUsers(db: SqlQueryable, filter: UserListInput): Promise<UserListResult> {
  const where: string[] = [];
  const sql = sqlParams();
  const search = (filter.search ?? '').trim().toLowerCase();
  if (search) where.push(`search LIKE ${sql.param(containsPattern(search))}`);
  if (filter.userType && filter.userType !== 'all') where.push(`user_type = ${sql.param(filter.userType)}`);
  if (filter.status === 'active') where.push('is_active');
  if (filter.status === 'inactive') where.push('NOT is_active');
  if (filter.approval === 'approved') where.push('is_approved');
  if (filter.approval === 'pending') where.push('NOT is_approved');
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? 50;
  const { rows, counts } = await countedPage<UserRow, keyof UserCounts>(db, {
    relation: 'users',
    columns: COLUMNS,
    where,
    order: ORDER_BY[filter.sortBy ?? 'newest'] ?? ORDER_BY.newest,
    // Spec 01 §4: pending approval = not approved; approved and active = both; inactive = not active.
    counts: { total: null, pendingApproval: 'NOT is_approved', approvedActive: 'is_approved AND is_active', inactive: 'NOT is_active' },
    page,
    pageSize,
    sql,
  });
  return { users: rows.map(toView), counts, page, pageSize };
}

export async function getUser(db: SqlQueryable, id: string): Promise<UserView | null> {
  if (!UUID_RE.test(id)) return null;
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  const row = rows[0] as UserRow | undefined;
  return row ? toView(row) : null;
}

/**
 * Ids of every account the read model holds as an admin, active or not (a handful). The last-admin rule
 * reads each one's stream to learn its current state: this list only says whose streams to read.
 */
export async function listAdminIds(db: SqlQueryable): Promise<string[]> {
  const { rows } = await db.query(`SELECT id::text AS id FROM users WHERE user_type = 'admin'`);
  return (rows as { id: string }[]).map((r) => r.id);
}

/**
 * People CRM records may be assigned to: active, approved accounts by name. With `onlyId`, just that
 * account (a user who may only work on their own records).
 */
export async function listAssignees(db: SqlQueryable, onlyId: string | null): Promise<AssigneeView[]> {
  const { rows } = await db.query(
    `SELECT id::text AS id, name, email FROM users
      WHERE is_active AND is_approved AND ($1::uuid IS NULL OR id = $1::uuid)
      ORDER BY lower(name), id`,
    [onlyId],
  );
  return rows as AssigneeView[];
}
