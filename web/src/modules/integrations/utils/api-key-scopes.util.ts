import { API_KEY_SCOPES, scopesForRole, type ApiKeyScope, type UserType } from '@crm/contracts';

export type ApiKeyArea = 'customers' | 'deals' | 'tasks' | 'bookings' | 'analytics' | 'users' | 'security' | 'audit';

/** The scopes a role may grant, grouped by area in the matrix's order: `[area, [read?, write?]]`. */
export function scopeRows(userType: UserType): { area: ApiKeyArea; read: ApiKeyScope | null; write: ApiKeyScope | null }[] {
  const allowed = new Set(scopesForRole(userType));
  const rows = new Map<ApiKeyArea, { area: ApiKeyArea; read: ApiKeyScope | null; write: ApiKeyScope | null }>();
  for (const scope of API_KEY_SCOPES) {
    if (!allowed.has(scope)) continue;
    const [area, access] = scope.split(':') as [ApiKeyArea, 'read' | 'write'];
    const row = rows.get(area) ?? { area, read: null, write: null };
    row[access] = scope;
    rows.set(area, row);
  }
  return [...rows.values()];
}

/** A `datetime-local` value (the reader's local time) as an ISO instant, or null when empty or invalid. */
export function expiryToIso(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
