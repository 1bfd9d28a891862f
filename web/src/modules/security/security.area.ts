import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';
import { ICONS } from '../ui/utils/line-icons.util.ts';

/** The Login History area (sign-in attempts, blocked addresses). */
export const loginHistoryArea = {
  id: 'loginHistory',
  label: { en: 'Login History', ar: 'سجل تسجيل الدخول', fr: 'Historique des connexions' },
  path: '/admin/login-history',
  group: 'admin',
  access: 'security:read',
  icon: ICONS.history,
  namespaces: ['security'],
  panel: lazy(() => import('./components/login-history-tab.component.tsx').then((m) => ({ default: m.LoginHistoryTab }))),
} as const satisfies AdminArea;
