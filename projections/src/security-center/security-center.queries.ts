/**
 * Reads for the Security & Audit Center: compliance assessments (`compliance_assessments` VIEW), active sessions
 * (the sessions table) and the accounts that stayed active without logging in (users and login_history).
 */
import type { ComplianceAssessment } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';

async function select<R>(db: SqlQueryable, text: string, values: unknown[] = []): Promise<R[]> {
  return (await db.query(text, values)).rows as R[];
}

const undefinedTable = (err: unknown) => (err as { code?: string }).code === '42P01';

export interface StoredAssessment {
  assessment: ComplianceAssessment;
  assessedByName: string | null;
}

/** One assessment by id, or the latest one (null when none exists or the read model is not created yet). */
export async function findComplianceAssessment(db: SqlQueryable, id?: string): Promise<StoredAssessment | null> {
  try {
    const rows = await select<{ result: ComplianceAssessment; name: string | null }>(db, 
      `SELECT a.result, u.name FROM compliance_assessments a LEFT JOIN users u ON u.id::text = a.assessed_by
        ${id ? 'WHERE a.id = $1' : ''} ORDER BY a.assessed_at DESC, a.id DESC LIMIT 1`,
      id ? [id] : [],
    );
    const row = rows[0];
    return row ? { assessment: row.result, assessedByName: row.name } : null;
  } catch (err) {
    if (undefinedTable(err)) return null;
    throw err;
  }
}

/**
 * Sessions alive at `now`: not past their absolute expiry, seen within the idle timeout, of an account that is
 * active and approved; and how many distinct accounts hold them.
 */
export async function countActiveSessions(db: SqlQueryable, now: Date, idleMs: number): Promise<{ sessions: number; users: number }> {
  const rows = await select<{ sessions: string; users: string }>(db, 
    `SELECT count(*) AS sessions, count(DISTINCT s.user_id) AS users
       FROM user_session s JOIN users u ON u.id::text = s.user_id
      WHERE s.expires_at > $1 AND s.last_seen_at > $2 AND u.is_active AND u.is_approved`,
    [now, new Date(now.getTime() - idleMs)],
  );
  return { sessions: Number(rows[0]?.sessions ?? 0), users: Number(rows[0]?.users ?? 0) };
}

/**
 * Active, approved accounts and those of them with no successful login since `since` (created before it, so a
 * new account is not counted).
 */
export async function countInactiveAccounts(db: SqlQueryable, since: Date): Promise<{ active: number; inactive: number }> {
  const rows = await select<{ active: string; inactive: string }>(db, 
    `SELECT count(*) AS active,
            count(*) FILTER (WHERE u.created_at < $1 AND r.user_id IS NULL) AS inactive
       FROM users u
       LEFT JOIN (SELECT DISTINCT user_id FROM login_history WHERE succeeded AND at >= $1) r ON r.user_id = u.id::text
      WHERE u.is_active AND u.is_approved`,
    [since],
  );
  return { active: Number(rows[0]?.active ?? 0), inactive: Number(rows[0]?.inactive ?? 0) };
}

/** Active, approved administrators (their ids, for the MFA coverage check). */
export async function listActiveAdminIds(db: SqlQueryable): Promise<string[]> {
  const rows = await select<{ id: string }>(db, `SELECT id::text AS id FROM users WHERE user_type = 'admin' AND is_active AND is_approved`);
  return rows.map((r) => r.id);
}
