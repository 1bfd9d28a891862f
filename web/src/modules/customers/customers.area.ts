import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';
import { ICONS } from '../ui/utils/line-icons.util.ts';
import { CUSTOMERS_PATH } from './utils/customer-links.util.ts';

/** The Customers area (spec 02 §2); `/admin/customers/<id>` opens that customer's detail over the list. */
export const customersArea = {
  id: 'customers',
  label: { en: 'Customers', ar: 'العملاء', fr: 'Clients' },
  path: CUSTOMERS_PATH,
  group: 'sales',
  access: 'crm:own',
  icon: ICONS.customers,
  namespaces: ['customers', 'deals', 'tasks'],
  record: '/:id',
  panel: lazy(() => import('./components/customers-area.component.tsx')),
} as const satisfies AdminArea;
