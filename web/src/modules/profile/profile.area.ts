import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';
import { ICONS } from '../ui/utils/line-icons.util.ts';

/** The Profile area (own details, password, sessions). */
export const profileArea = {
  id: 'profile',
  label: { en: 'Profile', ar: 'الملف الشخصي', fr: 'Profil' },
  path: '/admin/profile',
  group: 'profile',
  access: 'authenticated',
  icon: ICONS.profile,
  namespaces: ['profile', 'mfa'],
  panel: lazy(() => import('./components/profile-tab.component.tsx').then((m) => ({ default: m.ProfileTab }))),
} as const satisfies AdminArea;
