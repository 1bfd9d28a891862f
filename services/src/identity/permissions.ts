import type { UserType } from '@crm/contracts';

/**
 * The permission matrix: the one place that says which role may do what (docs/PERMISSIONS.md).
 * Every tRPC procedure and REST route declares one of these, or 'public' / 'authenticated'.
 */
export const PERMISSIONS = ['bookings:read', 'bookings:manage'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type Access = Permission | 'public' | 'authenticated';

export const ROLE_PERMISSIONS: Record<UserType, readonly Permission[]> = {
  admin: PERMISSIONS,
  manager: ['bookings:read', 'bookings:manage'],
  user: [],
};

export function can(userType: UserType, permission: Permission): boolean {
  return ROLE_PERMISSIONS[userType].includes(permission);
}
