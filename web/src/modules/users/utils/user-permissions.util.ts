import { can } from '@crm/contracts/identity/permissions';
import type { UserType } from '@crm/contracts/identity/user.events';

/** The part of an account the Users tab needs to decide what a viewer may do to it. */
interface Target {
  id: string;
  userType: UserType;
}

interface Viewer {
  id: string;
  userType: UserType;
}

/**
 * What the viewer may do to an account in the Users tab (the server checks the same rules; this only hides
 * what would be refused): nobody acts on their own account; `users:manage` (admins) acts on every other
 * account and changes types; `users:moderate` (managers) approves/activates `user` accounts only.
 */
export function userRowPermissions(viewer: Viewer, target: Target): { moderate: boolean; changeType: boolean } {
  if (viewer.id === target.id) return { moderate: false, changeType: false };
  const manage = can(viewer.userType, 'users:manage');
  const moderate = manage || (can(viewer.userType, 'users:moderate') && target.userType === 'user');
  return { moderate, changeType: manage };
}
