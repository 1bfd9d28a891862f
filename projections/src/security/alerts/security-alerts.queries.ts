/** Reads of the `security_alerts` read model (through its VIEW). */
import type { SecurityAlertCounts, SecurityAlertView, SecurityAlertsListInput } from '@crm/contracts';
import type { SqlQueryable } from '../../runner/projection.ts';

interface Row {
  id: string;
  type: SecurityAlertView['type'];
  severity: SecurityAlertView['severity'];
  status: SecurityAlertView['status'];
  title: string;
  description: string;
  ip_address: string | null;
  user_id: string | null;
  user_name: string | null;
  email: string | null;
  related_event_ids: string[];
  related_entity_ids: string[];
  details: Record<string, string | number | null>;
  detected_at: Date;
  investigated_by: string | null;
  investigated_at: Date | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  note: string | null;
}

const COLUMNS = `id::text AS id, type, severity, status, title, description, ip_address, user_id::text AS user_id, user_name, email,
  related_event_ids, related_entity_ids, details, detected_at, investigated_by::text AS investigated_by, investigated_at, resolved_by::text AS resolved_by, resolved_at, note`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toView(r: Row): SecurityAlertView {
  return {
    id: r.id,
    type: r.type,
    severity: r.severity,
    status: r.status,
    title: r.title,
    description: r.description,
    ipAddress: r.ip_address,
    userId: r.user_id,
    userName: r.user_name,
    email: r.email,
    timestamp: r.detected_at.toISOString(),
    relatedEvents: r.related_event_ids,
    relatedEntities: r.related_entity_ids,
    details: r.details,
    investigatedBy: r.investigated_by,
    investigatedAt: iso(r.investigated_at),
    resolvedBy: r.resolved_by,
    resolvedAt: iso(r.resolved_at),
    note: r.note,
  };
}

const missing = (err: unknown) => (err as { code?: string }).code === '42P01';

/** Alerts, newest first, filtered by status and severity. Empty while the read model does not exist yet. */
export async function listSecurityAlerts(db: SqlQueryable, filter: SecurityAlertsListInput): Promise<SecurityAlertView[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.status !== 'all') where.push(`status = $${params.push(filter.status)}`);
  if (filter.severity !== 'all') where.push(`severity = $${params.push(filter.severity)}`);
  try {
    const { rows } = await db.query(
      `SELECT ${COLUMNS} FROM security_alerts ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY detected_at DESC, id DESC LIMIT $${params.push(filter.limit)}`,
      params,
    );
    return (rows as Row[]).map(toView);
  } catch (err) {
    if (missing(err)) return [];
    throw err;
  }
}

export async function getSecurityAlert(db: SqlQueryable, id: string): Promise<SecurityAlertView | null> {
  try {
    const { rows } = await db.query(`SELECT ${COLUMNS} FROM security_alerts WHERE id = $1`, [id]);
    return rows[0] ? toView(rows[0] as Row) : null;
  } catch (err) {
    if (missing(err)) return null;
    throw err;
  }
}

export async function countSecurityAlerts(db: SqlQueryable): Promise<SecurityAlertCounts> {
  try {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'open')::int AS open, count(*) FILTER (WHERE status = 'investigating')::int AS investigating,
              count(*) FILTER (WHERE status = 'resolved')::int AS resolved,
              count(*) FILTER (WHERE status <> 'resolved' AND severity = 'critical')::int AS critical,
              count(*) FILTER (WHERE status <> 'resolved' AND severity = 'high')::int AS high
         FROM security_alerts`,
    );
    return rows[0] as SecurityAlertCounts;
  } catch (err) {
    if (missing(err)) return { open: 0, investigating: 0, resolved: 0, critical: 0, high: 0 };
    throw err;
  }
}

/** Per account: alerts not resolved and the severities of alerts detected since `since` (for the risk score). */
export async function alertsByUser(db: SqlQueryable, since: Date): Promise<Map<string, { open: number; severities: SecurityAlertView['severity'][] }>> {
  const out = new Map<string, { open: number; severities: SecurityAlertView['severity'][] }>();
  try {
    const { rows } = await db.query(
      `SELECT user_id::text AS user_id, count(*) FILTER (WHERE status <> 'resolved')::int AS open,
              coalesce(array_agg(severity) FILTER (WHERE detected_at >= $1 AND status <> 'resolved'), '{}') AS severities
         FROM security_alerts WHERE user_id IS NOT NULL GROUP BY user_id`,
      [since],
    );
    for (const r of rows as { user_id: string; open: number; severities: SecurityAlertView['severity'][] }[]) out.set(r.user_id, { open: r.open, severities: r.severities });
    return out;
  } catch (err) {
    if (missing(err)) return out;
    throw err;
  }
}
