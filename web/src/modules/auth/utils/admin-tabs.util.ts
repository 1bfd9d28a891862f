import { allows, type Access } from '@crm/contracts';
import type { SessionUser } from '../../api/trpc.client.ts';

/**
 * The admin area's tabs, in display order, each with the access that shows it (the permission matrix in
 * @crm/contracts, the same module the server enforces). Only tabs that work are listed.
 */
export const ADMIN_TABS = [
  { id: 'bookings', access: 'bookings:read' },
  { id: 'customers', access: 'crm:own' },
  { id: 'pipeline', access: 'crm:own' },
  { id: 'tasks', access: 'crm:own' },
  { id: 'users', access: 'users:read' },
  { id: 'loginHistory', access: 'security:read' },
  { id: 'profile', access: 'authenticated' },
] as const satisfies readonly { id: string; access: Access }[];

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

/** Permission to change a booking's status (the server checks it too). */
export const MANAGE_BOOKINGS = 'bookings:manage';

/** The tabs this user may see. */
export function visibleAdminTabs(user: Pick<SessionUser, 'userType'>) {
  return ADMIN_TABS.filter((tab) => allows(user.userType, tab.access));
}
