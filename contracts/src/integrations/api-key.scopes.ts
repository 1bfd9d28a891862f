import type { Access, Permission } from '../identity/permissions.ts';
import { can } from '../identity/permissions.ts';
import type { UserType } from '../identity/user.events.ts';

/**
 * API key scopes (issue 15, "API keys"): read/write per area. Each scope maps onto the permission matrix: a key
 * never holds a scope its creator's role lacks, and at request time it acts with the intersection of its scopes
 * and its creator's current rights (docs/INTEGRATIONS.md, "API keys").
 */
export const API_KEY_SCOPES = [
  'customers:read',
  'customers:write',
  'deals:read',
  'deals:write',
  'tasks:read',
  'tasks:write',
  'bookings:read',
  'bookings:write',
  'analytics:read',
  'users:read',
  'users:write',
  'security:read',
  'security:write',
  'audit:read',
  'marketing:read',
  'marketing:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The permission a scope needs its creator to hold (now and at every request). */
export const API_KEY_SCOPE_PERMISSION: Record<ApiKeyScope, Permission> = {
  'customers:read': 'crm:own',
  'customers:write': 'crm:own',
  'deals:read': 'crm:own',
  'deals:write': 'crm:own',
  'tasks:read': 'crm:own',
  'tasks:write': 'crm:own',
  'bookings:read': 'bookings:read',
  'bookings:write': 'bookings:manage',
  'analytics:read': 'crm:own',
  'users:read': 'users:read',
  'users:write': 'users:moderate',
  'security:read': 'security:read',
  'security:write': 'security:manage',
  'audit:read': 'audit:read',
  'marketing:read': 'marketing:read',
  'marketing:write': 'marketing:manage',
};

/** The scopes a role may put on a key. */
export function scopesForRole(userType: UserType): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((s) => can(userType, API_KEY_SCOPE_PERMISSION[s]));
}

/** The area of a `crm:*` route, from its path (`/api/crm/<area>…`). */
const CRM_AREAS: Record<string, string> = { customers: 'customers', deals: 'deals', tasks: 'tasks', search: 'customers', analytics: 'analytics' };

/** The area of a route guarded by another permission. */
const PERMISSION_AREAS: Partial<Record<Permission, string>> = {
  'bookings:read': 'bookings',
  'bookings:manage': 'bookings',
  'users:read': 'users',
  'users:moderate': 'users',
  'users:manage': 'users',
  'security:read': 'security',
  'security:manage': 'security',
  'audit:read': 'audit',
  'marketing:read': 'marketing',
  'marketing:manage': 'marketing',
};

/**
 * The scope an API key needs for a REST route: `<area>:read` for GET, `<area>:write` otherwise. `null` for a
 * public route (no key needed); `'none'` when no scope opens it (`authenticated` routes are a person's own
 * account, and `integrations:manage` routes, e.g. the API keys themselves, are for signed-in admins only).
 */
export function apiKeyScopeFor(method: string, url: string, access: Access): ApiKeyScope | 'none' | null {
  if (access === 'public') return null;
  if (access === 'authenticated') return 'none';
  let area: string | undefined;
  if (access.startsWith('crm:')) {
    const segment = /^\/api\/crm\/([^/?]+)/.exec(url)?.[1];
    area = segment ? CRM_AREAS[segment] : undefined;
  } else {
    area = PERMISSION_AREAS[access];
  }
  if (!area) return 'none';
  const scope = `${area}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`;
  return (API_KEY_SCOPES as readonly string[]).includes(scope) ? (scope as ApiKeyScope) : 'none';
}
