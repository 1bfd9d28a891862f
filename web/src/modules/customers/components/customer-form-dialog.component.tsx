import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { CustomerView } from '@crm/contracts/customers/customer.input';
import { useEffect, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useSession } from '../../auth/hooks/use-session.hook.ts';
import { useCustomerForm } from '../hooks/use-customer-form.hook.ts';
import { EMPTY_CUSTOMER_FORM, formFromCustomer, type CustomerFormValues } from '../utils/customer-form.util.ts';
import { CustomerFormFields } from './customer-form-fields.component.tsx';

/** What the dialog edits: a new customer, an existing one, or nothing (closed). */
export type CustomerFormTarget = { mode: 'add' } | { mode: 'edit'; customer: CustomerView } | null;

/** Add Customer and Edit Customer (real dialogs with the server's validation mirrored in the browser). */
export function CustomerFormDialog({ target, onClose }: { target: CustomerFormTarget; onClose(): void }) {
  const { LL } = useI18nContext();
  const f = LL.customers.form;
  const { submit, errors, clearErrors, pending } = useCustomerForm();
  const [values, setValues] = useState<CustomerFormValues>(EMPTY_CUSTOMER_FORM);
  const me = useSession().data?.id ?? '';

  useEffect(() => {
    if (!target) return;
    // A new customer is the creator's by default (as on the server when no owner is sent).
    setValues(target.mode === 'edit' ? formFromCustomer(target.customer) : { ...EMPTY_CUSTOMER_FORM, assignedTo: me });
    clearErrors();
  }, [target, clearErrors, me]);

  const id = target?.mode === 'edit' ? target.customer.id : null;
  return (
    <Dialog.Root open={target !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="customer-form-dialog">
            {/* The form inside the dialog, not as it (a form may not take role="dialog"); display: contents keeps the dialog's layout. */}
            <form
              style={{ display: 'contents' }}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit(id, values).then((saved) => saved && onClose());
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{id ? f.editTitle() : f.addTitle()}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <CustomerFormFields values={values} onChange={setValues} errors={errors} testIdPrefix="customer-form" />
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} type="button">
                  {f.cancel()}
                </Button>
                <Button type="submit" colorPalette="blue" loading={pending} data-testid="customer-form-submit">
                  {id ? f.save() : f.create()}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={LL.common.close()} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
