/** Reads of the two-step verification read model (through the `user_mfa` VIEW). */
import type { SqlQueryable } from '../runner/projection.ts';

export interface UserMfaRow {
  userId: string;
  enabled: boolean;
  enabledAt: string | null;
  recoveryRemaining: number;
  lastUsedAt: string | null;
}

interface Row {
  user_id: string;
  enabled: boolean;
  enabled_at: Date | null;
  recovery_remaining: number;
  last_used_at: Date | null;
}

/**
 * The MFA rows of the accounts named (every account that has one when `userIds` is absent). An account without a
 * row never turned MFA on. Empty while the projector has not created the read model yet.
 */
export async function listUserMfa(db: SqlQueryable, userIds?: readonly string[]): Promise<UserMfaRow[]> {
  try {
    const { rows } = await db.query(
      'SELECT user_id, enabled, enabled_at, recovery_remaining, last_used_at FROM user_mfa WHERE $1::text[] IS NULL OR user_id = ANY($1::text[])',
      [userIds ? [...userIds] : null],
    );
    return (rows as Row[]).map((r) => ({
      userId: r.user_id,
      enabled: r.enabled,
      enabledAt: r.enabled_at?.toISOString() ?? null,
      recoveryRemaining: r.recovery_remaining,
      lastUsedAt: r.last_used_at?.toISOString() ?? null,
    }));
  } catch (err) {
    // 42P01 undefined_table: the projector has not created its first generation yet.
    if ((err as { code?: string }).code === '42P01') return [];
    throw err;
  }
}
