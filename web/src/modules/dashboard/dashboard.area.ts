import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';

/** A gauge (24×24 line icon). */
const DASHBOARD_ICON = 'M3 13a9 9 0 0 1 18 0 M12 13l4-4 M5 20h14 M12 4v2 M5.6 6.6l1.4 1.4 M18.4 6.6 17 8';

/**
 * The Dashboard (issue 13; spec 02 "Enhanced Dashboard"): the first area of the first group, so `/admin` lands on it
 * for every role that may see CRM data (`crm:own`).
 */
export const dashboardArea = {
  id: 'dashboard',
  label: { en: 'Dashboard', ar: 'لوحة المعلومات', fr: 'Tableau de bord' },
  path: '/admin/dashboard',
  group: 'dashboard',
  access: 'crm:own',
  icon: DASHBOARD_ICON,
  namespaces: ['dashboard', 'customers', 'deals', 'tasks'],
  panel: lazy(() => import('./components/dashboard-area.component.tsx')),
} as const satisfies AdminArea;
