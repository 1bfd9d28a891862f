/**
 * The admin area's tabs, in display order, each with the permission that shows it. Only tabs that work are
 * listed; later issues append theirs (Users: 'users:read', Profile, ...).
 */
export const ADMIN_TABS = [{ id: 'bookings', permission: 'bookings:read' }] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

/** Permission to change a booking's status (the server checks it too). */
export const MANAGE_BOOKINGS = 'bookings:manage';

/** The tabs this user may see. */
export function visibleAdminTabs(permissions: readonly string[]) {
  return ADMIN_TABS.filter((tab) => permissions.includes(tab.permission));
}
