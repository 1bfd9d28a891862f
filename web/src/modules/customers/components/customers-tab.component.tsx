import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { allows } from '@crm/contracts/identity/permissions';
import type { CustomerView } from '@crm/contracts/customers/customer.input';
import { useEffect, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import type { SessionUser } from '../../api/trpc.client.ts';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { Pager } from '../../ui/components/pager.component.tsx';
import { usePagedFilters } from '../../ui/hooks/use-paged-filters.hook.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useCustomerRemoval } from '../hooks/use-customer-removal.hook.ts';
import { useCustomersList } from '../hooks/use-customers-list.hook.ts';
import { customersExportUrl, DEFAULT_CUSTOMER_FILTERS, isAnyCustomerFilterActive, type CustomerFilters } from '../utils/customer-filters.util.ts';
import { CustomerDetailDialog } from './customer-detail-dialog.component.tsx';
import { CustomerFiltersBar } from './customer-filters.component.tsx';
import { CustomerFormDialog, type CustomerFormTarget } from './customer-form-dialog.component.tsx';
import { CustomerImportDialog } from './customer-import-dialog.component.tsx';
import { CustomersTable } from './customers-table.component.tsx';
import { DeleteCustomerDialog } from './delete-customer-dialog.component.tsx';

interface CustomersTabProps {
  user: SessionUser;
  /** The customer whose detail dialog is open (the URL's `/admin/customers/<id>`), or null. */
  viewingId: string | null;
  /** View on a row: open that customer's detail (the area pushes its URL). */
  onView(id: string): void;
  onCloseView(): void;
}

/** The admin Customers tab (spec 02 §2): filters, table, Add / Edit / View / Delete, Export, Import; admins restore. */
export function CustomersTab({ user, viewingId, onView, onCloseView }: CustomersTabProps) {
  const { LL } = useI18nContext();
  const { filters, setFilters, page, setPage, search } = usePagedFilters<CustomerFilters>(DEFAULT_CUSTOMER_FILTERS);
  const canRestore = allows(user.userType, 'crm:restore');
  const [showDeleted, setShowDeleted] = useState(false);
  const list = useCustomersList({ ...filters, search }, page, canRestore && showDeleted);
  const { run, pendingId } = useCustomerRemoval();
  const [formTarget, setFormTarget] = useState<CustomerFormTarget>(null);
  const [deleting, setDeleting] = useState<CustomerView | null>(null);
  const [importing, setImporting] = useState(false);

  const loadFailure = list.isError ? describeApiError(list.error) : null;
  const loadDetail = loadFailure?.kind === 'server' ? serverMessage(loadFailure, LL) : null;
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toastError(LL, LL.customers.loadFailed());
  }, [failedAt, LL]);

  const remove = async (customer: CustomerView) => {
    const failure = await run('delete', customer.id);
    setDeleting(null);
    if (failure) toastError(LL, LL.customers.deleteFailed(), failure.kind === 'server' ? serverMessage(failure, LL) : null);
    else toast({ type: 'success', title: LL.customers.deleted(), description: customer.name });
  };
  const restore = async (customer: CustomerView) => {
    const failure = await run('restore', customer.id);
    if (failure) toastError(LL, LL.customers.restoreFailed(), failure.kind === 'server' ? serverMessage(failure, LL) : null);
    else toast({ type: 'success', title: LL.customers.restored(), description: customer.name });
  };

  const deletedView = canRestore && showDeleted;
  const emptyText = deletedView ? LL.customers.emptyDeleted() : isAnyCustomerFilterActive(filters) ? LL.customers.emptyFiltered() : LL.customers.empty();

  return (
    <Stack gap={5}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Stack gap={0}>
          <Heading size="lg" as="h2">
            {LL.customers.title()}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {LL.customers.subtitle()}
          </Text>
        </Stack>
        <HStack gap={2} wrap="wrap">
          <Button asChild size="sm" variant="outline">
            <a href={customersExportUrl({ ...filters, search })} download data-testid="customers-export">
              {LL.customers.export()}
            </a>
          </Button>
          <Button size="sm" variant="outline" onClick={() => setImporting(true)} data-testid="customers-import">
            {LL.customers.import()}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={() => setFormTarget({ mode: 'add' })} data-testid="customers-add">
            {LL.customers.add()}
          </Button>
        </HStack>
      </HStack>
      <CustomerFiltersBar
        filters={filters}
        onChange={setFilters}
        deletedSwitch={
          canRestore
            ? {
                on: showDeleted,
                onChange: (on) => {
                  setShowDeleted(on);
                  setPage(1);
                },
              }
            : null
        }
      />
      {loadFailure ? <LoadErrorAlert title={LL.customers.loadFailed()} detail={loadDetail} onRetry={() => void list.refetch()} testId="customers-load-error" /> : null}
      {loadFailure ? null : (
        <CustomersTable
          customers={list.data?.customers}
          loading={list.isPending}
          emptyText={emptyText}
          deletedView={deletedView}
          pendingId={pendingId}
          onView={(c) => onView(c.id)}
          onEdit={(c) => setFormTarget({ mode: 'edit', customer: c })}
          onDelete={setDeleting}
          onRestore={(c) => void restore(c)}
        />
      )}
      {list.data && !loadFailure ? (
        <Pager page={list.data.page} pageSize={list.data.limit} total={list.data.total} labels={list.data.totalIsEstimate ? { ...LL.customers.pager, status: LL.customers.pager.statusEstimate } : LL.customers.pager}
          testId="customers-pager" onPage={setPage} />
      ) : null}
      <CustomerFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <CustomerDetailDialog customerId={viewingId} onClose={onCloseView} />
      <DeleteCustomerDialog customer={deleting} pending={pendingId !== null && pendingId === deleting?.id} onConfirm={(c) => void remove(c)} onClose={() => setDeleting(null)} />
      <CustomerImportDialog open={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
