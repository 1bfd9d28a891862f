import type { UserType } from './user.events.ts';

/**
 * The permission matrix: the one place that says which role may do what (docs/PERMISSIONS.md).
 * The server checks it on every tRPC procedure and REST route; the web app reads it only to hide what
 * the role may not do.
 *
 * - `users:moderate` approves/revokes and activates/deactivates accounts of type `user` only;
 *   `users:manage` does that for every account and changes account types.
 * - `crm:own` is a user's own CRM work (records assigned to them); `crm:all` is everyone's;
 *   `crm:restore` brings back a deleted customer (admins).
 * - `marketing:read` sees campaigns, forms, submissions and analytics; `marketing:manage` changes campaigns and forms.
 */
export const PERMISSIONS = [
  'bookings:read',
  'bookings:manage',
  'users:read',
  'users:moderate',
  'users:manage',
  'crm:own',
  'crm:all',
  'crm:restore',
  'security:read',
  'security:manage',
  'integrations:manage',
  'audit:read',
  'marketing:read',
  'marketing:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** `public`: anyone, logged in or not. `authenticated`: any logged-in account (its own profile, sessions). */
export type Access = Permission | 'public' | 'authenticated';

export const ROLE_PERMISSIONS: Record<UserType, readonly Permission[]> = {
  admin: PERMISSIONS,
  manager: ['bookings:read', 'bookings:manage', 'users:read', 'users:moderate', 'crm:own', 'crm:all', 'marketing:read', 'marketing:manage'],
  user: ['crm:own'],
};

export function can(userType: UserType, permission: Permission): boolean {
  return ROLE_PERMISSIONS[userType].includes(permission);
}

/** Whether a role passes an access level (`public` always; `authenticated` for any role). */
export function allows(userType: UserType | null, access: Access): boolean {
  if (access === 'public') return true;
  if (!userType) return false;
  return access === 'authenticated' || can(userType, access);
}
