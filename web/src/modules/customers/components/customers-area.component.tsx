import { useRoute } from 'wouter';
import type { AdminAreaPanelProps } from '../../auth/utils/admin-area.types.ts';
import { useRecordRoute } from '../../ui/hooks/use-record-route.hook.ts';
import { customerPath, CUSTOMERS_PATH } from '../utils/customer-links.util.ts';
import { CustomersTab } from './customers-tab.component.tsx';

/**
 * The Customers area (lazy chunk): the list, and `/admin/customers/<id>` opens that customer's detail over it.
 * Opening pushes the URL (reload keeps it, Back closes it, the link can be shared); closing goes back to the list.
 */
export default function CustomersArea({ user }: AdminAreaPanelProps) {
  const [, params] = useRoute<{ id: string }>(`${CUSTOMERS_PATH}/:id`);
  const { open, close } = useRecordRoute(CUSTOMERS_PATH);
  return <CustomersTab user={user} viewingId={params?.id ?? null} onView={(id) => open(customerPath(id))} onCloseView={close} />;
}
