import type { Access } from '@crm/contracts';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Locales, Namespaces } from '../../../i18n/i18n-types.ts';
import type { SessionUser } from '../../api/trpc.client.ts';

/** The sidebar's groups, in display order (issue 12 §3); `dashboard` first, so `/admin` lands on the Dashboard for every role with CRM access. */
export const ADMIN_AREA_GROUPS = ['dashboard', 'sales', 'bookings', 'admin', 'profile'] as const;
export type AdminAreaGroup = (typeof ADMIN_AREA_GROUPS)[number];

/** Groups whose areas are listed under a heading (`admin.groups.<group>`); the others are one area each and need none. */
const TITLED_GROUPS = ['sales', 'admin'] as const satisfies readonly AdminAreaGroup[];
export type TitledAdminAreaGroup = (typeof TITLED_GROUPS)[number];
export const isTitledGroup = (group: AdminAreaGroup): group is TitledAdminAreaGroup => (TITLED_GROUPS as readonly string[]).includes(group);

/**
 * An area's name in every language. It is part of the area's manifest (not of a namespace) because the sidebar
 * shows every visible area before any area's namespace is loaded; a missing language does not typecheck.
 */
export type AreaLabel = Readonly<Record<Locales, string>>;

export interface AdminAreaPanelProps {
  user: SessionUser;
}

/**
 * One admin area, exported by its domain module (`web/src/modules/<domain>/<domain>.area.ts`) and listed once in
 * `web/src/modules/admin-areas.ts`: the sidebar, the routes, the i18n namespaces and the command palette's
 * "jump to" entries all come from these.
 */
export interface AdminArea {
  /** Stable id (test ids `admin-tab-<id>`, the sidebar's keys). */
  id: string;
  /** Its name in the sidebar, the command palette and the no-access page. */
  label: AreaLabel;
  /** Its URL; also listed in ADMIN_AREA_PATHS (@crm/contracts), which decides what the server answers with 200. */
  path: `/admin/${string}`;
  group: AdminAreaGroup;
  /** Who sees it (the permission matrix the server enforces too). */
  access: Access;
  /** Line icon path data (24×24), drawn by LineIcon. */
  icon: string;
  /** The dictionaries its panel reads, loaded when the area opens. */
  namespaces: readonly Namespaces[];
  /** A record's deep link below `path` (wouter pattern, e.g. `/:id`); other sub-paths are not found. */
  record?: `/${string}`;
  /** Its own lazy chunk. */
  panel: LazyExoticComponent<ComponentType<AdminAreaPanelProps>>;
}
