import type { CustomerView } from '@crm/contracts/customers/customer.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { ConfirmDialog } from '../../ui/components/confirm-dialog.component.tsx';

interface DeleteCustomerDialogProps {
  customer: CustomerView | null;
  pending: boolean;
  onConfirm(customer: CustomerView): void;
  onClose(): void;
}

/** "Delete {name}?" before a (soft, reversible) delete. */
export function DeleteCustomerDialog({ customer, pending, onConfirm, onClose }: DeleteCustomerDialogProps) {
  const { LL } = useI18nContext();
  const t = LL.customers.deleteDialog;
  return (
    <ConfirmDialog
      subject={customer}
      title={t.title()}
      text={{ sentence: (name) => t.text({ name }), name: customer?.name ?? '' }}
      cancelLabel={t.cancel()}
      confirmLabel={t.confirm()}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="customer-delete"
    />
  );
}
