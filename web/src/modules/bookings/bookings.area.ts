import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';
import { ICONS } from '../ui/utils/line-icons.util.ts';

/** The Bookings area (requests from the public booking form). */
export const bookingsArea = {
  id: 'bookings',
  label: { en: 'Bookings', ar: 'الحجوزات', fr: 'Réservations' },
  path: '/admin/bookings',
  group: 'bookings',
  access: 'bookings:read',
  icon: ICONS.bookings,
  namespaces: ['bookingsAdmin'],
  panel: lazy(() => import('./components/bookings-tab.component.tsx').then((m) => ({ default: m.BookingsTab }))),
} as const satisfies AdminArea;
