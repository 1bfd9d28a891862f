import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';
import { ICONS } from '../ui/utils/line-icons.util.ts';

/** The Users area (approval, activity, account types). */
export const usersArea = {
  id: 'users',
  label: { en: 'Users', ar: 'المستخدمون', fr: 'Utilisateurs' },
  path: '/admin/users',
  group: 'admin',
  access: 'users:read',
  icon: ICONS.users,
  namespaces: ['users'],
  panel: lazy(() => import('./components/users-tab.component.tsx').then((m) => ({ default: m.UsersTab }))),
} as const satisfies AdminArea;
