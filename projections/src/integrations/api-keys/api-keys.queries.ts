/** Reads of the API keys read model (through the `integration_api_keys` VIEW). Never key material. */
import type { SqlQueryable } from '../../runner/projection.ts';

export interface ApiKeyRow {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  last4: string;
  expiresAt: string | null;
  createdBy: string;
  createdAt: string;
  revokedAt: string | null;
}

interface Row {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  last4: string;
  expires_at: Date | null;
  created_by: string;
  created_at: Date;
  revoked_at: Date | null;
}

const COLUMNS = 'id::text AS id, name, scopes, prefix, last4, expires_at, created_by, created_at, revoked_at';

const toRow = (r: Row): ApiKeyRow => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes,
  prefix: r.prefix,
  last4: r.last4,
  expiresAt: r.expires_at?.toISOString() ?? null,
  createdBy: r.created_by,
  createdAt: r.created_at.toISOString(),
  revokedAt: r.revoked_at?.toISOString() ?? null,
});

async function undefinedTableAsEmpty<T>(read: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await read();
  } catch (err) {
    // 42P01 undefined_table: the projector has not created its first generation yet.
    if ((err as { code?: string }).code === '42P01') return empty;
    throw err;
  }
}

/** Every key, newest first (revoked ones too: the list shows them as revoked). */
export function listApiKeys(db: SqlQueryable): Promise<ApiKeyRow[]> {
  return undefinedTableAsEmpty(async () => {
    const { rows } = await db.query(`SELECT ${COLUMNS} FROM integration_api_keys ORDER BY created_at DESC, id LIMIT 1000`);
    return (rows as Row[]).map(toRow);
  }, []);
}

export function findApiKey(db: SqlQueryable, id: string): Promise<ApiKeyRow | null> {
  return undefinedTableAsEmpty(async () => {
    const { rows } = await db.query(`SELECT ${COLUMNS} FROM integration_api_keys WHERE id = $1`, [id]);
    return rows[0] ? toRow(rows[0] as Row) : null;
  }, null);
}
