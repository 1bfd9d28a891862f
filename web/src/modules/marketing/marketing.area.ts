import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';

/** A megaphone (24×24 line icon). */
const MEGAPHONE_ICON = 'M3 10v4a1 1 0 0 0 1 1h3l6 4V5L7 9H4a1 1 0 0 0-1 1z M17 8a5 5 0 0 1 0 8 M20 5a9 9 0 0 1 0 14';

/**
 * The Marketing area (issue 16; spec 02 "Marketing Dashboard"): campaigns, lead capture forms, form submissions
 * and analytics; `/admin/marketing/campaigns/<id>` opens a campaign's detail.
 */
export const marketingArea = {
  id: 'marketing',
  label: { en: 'Marketing', ar: 'التسويق', fr: 'Marketing' },
  path: '/admin/marketing',
  group: 'sales',
  access: 'marketing:read',
  icon: MEGAPHONE_ICON,
  namespaces: ['marketing', 'customers', 'deals', 'dashboard'],
  record: '/campaigns/:id',
  panel: lazy(() => import('./components/marketing-area.component.tsx')),
} as const satisfies AdminArea;
