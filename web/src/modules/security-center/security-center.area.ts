import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';

/** A shield with a check (24×24 line icon). */
const SHIELD_ICON = 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z M8.5 12l2.5 2.5 4.5-5';

/** The Security & Audit Center (issue 14; spec 02 "Security and Audit Center"), for administrators and security staff. */
export const securityCenterArea = {
  id: 'securityCenter',
  label: { en: 'Security', ar: 'الأمان', fr: 'Sécurité' },
  path: '/admin/security',
  group: 'admin',
  access: 'security:read',
  icon: SHIELD_ICON,
  namespaces: ['securityCenter', 'auditLog', 'securityAlerts', 'securityPolicies'],
  panel: lazy(() => import('./components/security-center-area.component.tsx')),
} as const satisfies AdminArea;
