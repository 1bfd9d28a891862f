import { allows } from '@crm/contracts/identity/permissions';
import { ADMIN_AREA_GROUPS, type AdminArea, type AdminAreaGroup } from './auth/utils/admin-area.types.ts';
import type { SessionUser } from './api/trpc.client.ts';
import { bookingsArea } from './bookings/bookings.area.ts';
import { customersArea } from './customers/customers.area.ts';
import { dashboardArea } from './dashboard/dashboard.area.ts';
import { pipelineArea } from './deals/deals.area.ts';
import { profileArea } from './profile/profile.area.ts';
import { loginHistoryArea } from './security/security.area.ts';
import { securityCenterArea } from './security-center/security-center.area.ts';
import { auditLogArea } from './audit/audit.area.ts';
import { integrationsArea } from './integrations/integrations.area.ts';
import { marketingArea } from './marketing/marketing.area.ts';
import { tasksArea } from './tasks/tasks.area.ts';
import { usersArea } from './users/users.area.ts';

/**
 * Every admin area, in sidebar order within its group (issue 12 §3). The sidebar, the `/admin/...` routes, the
 * dictionaries each area loads and the command palette's "jump to" entries are derived from this list; the
 * server's list of admin URLs (ADMIN_AREA_PATHS in @crm/contracts) must name the same paths (a unit test checks).
 * A new area: export its manifest from `web/src/modules/<domain>/<domain>.area.ts` and add it here.
 */
export const ADMIN_AREAS: readonly AdminArea[] = [dashboardArea, customersArea, pipelineArea, tasksArea, marketingArea, bookingsArea, usersArea, loginHistoryArea, securityCenterArea, auditLogArea, integrationsArea, profileArea];

/** The areas this user may open, in display order (groups first, then list order). */
export function visibleAdminAreas(user: Pick<SessionUser, 'userType'>, areas: readonly AdminArea[] = ADMIN_AREAS): AdminArea[] {
  return ADMIN_AREA_GROUPS.flatMap((group) => areas.filter((area) => area.group === group && allows(user.userType, area.access)));
}

/** The visible areas grouped for the sidebar; empty groups are left out. */
export function groupedAdminAreas(visible: readonly AdminArea[]): { group: AdminAreaGroup; areas: AdminArea[] }[] {
  return ADMIN_AREA_GROUPS.map((group) => ({ group, areas: visible.filter((area) => area.group === group) })).filter((g) => g.areas.length > 0);
}

/** The area whose URL `path` is or is under (`/admin/customers/42` → customers), if any. */
export function areaOfPath(path: string, areas: readonly AdminArea[] = ADMIN_AREAS): AdminArea | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return areas.find((area) => clean.toLowerCase() === area.path || clean.toLowerCase().startsWith(`${area.path}/`));
}
