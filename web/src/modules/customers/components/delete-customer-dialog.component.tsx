import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { CustomerView } from '@crm/contracts/customers/customer.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

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
    <Dialog.Root open={customer !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="customer-delete-dialog">
            <Dialog.Header>
              <Dialog.Title>{t.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t.text({ name: customer?.name ?? '' })}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t.cancel()}
              </Button>
              <Button colorPalette="red" loading={pending} onClick={() => customer && onConfirm(customer)} data-testid="customer-delete-confirm">
                {t.confirm()}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
