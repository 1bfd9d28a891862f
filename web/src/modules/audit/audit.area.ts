import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';

/** A clipboard with lines (24×24 line icon). */
const AUDIT_ICON = 'M9 4h6v3H9z M7 5H5v16h14V5h-2 M8 11h8 M8 15h8 M8 19h5';

/** The Audit Log viewer (issue 14; spec 02 "Audit Log viewer"): every event as an audit entry. */
export const auditLogArea = {
  id: 'auditLog',
  label: { en: 'Audit Log', ar: 'سجل التدقيق', fr: 'Journal d’audit' },
  path: '/admin/audit-log',
  group: 'admin',
  access: 'audit:read',
  icon: AUDIT_ICON,
  namespaces: ['auditLog'],
  panel: lazy(() => import('./components/audit-log-area.component.tsx')),
} as const satisfies AdminArea;
