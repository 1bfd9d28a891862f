/** Reads of the blocked-IP read model (through the `blocked_ips` VIEW). */
import type { BlockedIpView } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';

interface Row {
  ip: string;
  reason: string;
  login_id: string | null;
  blocked_by: string;
  blocked_at: Date;
}

export async function listBlockedIps(db: SqlQueryable): Promise<BlockedIpView[]> {
  const { rows } = await db.query('SELECT ip, reason, login_id::text AS login_id, blocked_by, blocked_at FROM blocked_ips ORDER BY blocked_at DESC, ip');
  return (rows as Row[]).map((r) => ({ ip: r.ip, reason: r.reason, loginId: r.login_id, blockedBy: r.blocked_by, blockedAt: r.blocked_at.toISOString() }));
}

/** Whether the address (in its normalised spelling) is blocked. False while the read model does not exist yet. */
export async function isIpBlocked(db: SqlQueryable, ip: string): Promise<boolean> {
  try {
    const { rows } = await db.query('SELECT 1 FROM blocked_ips WHERE ip = $1', [ip]);
    return rows.length > 0;
  } catch (err) {
    // 42P01 undefined_table: the projector has not created its first generation yet (nothing blocked then).
    if ((err as { code?: string }).code === '42P01') return false;
    throw err;
  }
}
