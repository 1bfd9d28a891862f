import { Stack } from '@chakra-ui/react';
import type { BookingStatus } from '@crm/contracts/bookings/booking.constants';
import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import type { BookingRow, SessionUser } from '../../api/trpc.client.ts';
import { MANAGE_BOOKINGS } from '../utils/booking-status.util.ts';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { Pager } from '../../ui/components/pager.component.tsx';
import { useErrorBanner } from '../../ui/hooks/use-error-banner.hook.ts';
import { usePagedFilters } from '../../ui/hooks/use-paged-filters.hook.ts';
import { useBookingsList } from '../hooks/use-bookings-list.hook.ts';
import { useSetBookingStatus } from '../hooks/use-set-booking-status.hook.ts';
import { DEFAULT_BOOKING_FILTERS, isAnyBookingFilterActive, type BookingFilters } from '../utils/booking-filters.util.ts';
import { BookingCounters } from './booking-counters.component.tsx';
import { BookingDetailsDialog } from './booking-details-dialog.component.tsx';
import { BookingFiltersBar } from './booking-filters.component.tsx';
import { BookingsTable } from './bookings-table.component.tsx';
import { ConfirmDialog } from '../../ui/components/confirm-dialog.component.tsx';

/** The admin Bookings tab (spec 01 §2): counters, filters, table, details dialog, status changes. */
export function BookingsTab({ user }: { user: SessionUser }) {
  const canManage = user.permissions.includes(MANAGE_BOOKINGS);
  const { LL, locale } = useI18nContext();
  const { showError } = useErrorBanner();
  const { filters, setFilters, page, setPage, search } = usePagedFilters<BookingFilters>(DEFAULT_BOOKING_FILTERS);
  const list = useBookingsList({ ...filters, search }, page);
  const [selected, setSelected] = useState<BookingRow | null>(null);

  const onUpdated = useCallback((booking: BookingRow) => {
    setSelected((current) => (current && current.id === booking.id ? booking : current));
  }, []);
  const onFailed = useCallback(
    (failure: ApiFailure) =>
      showError((failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.bookingsAdmin.updateFailed()),
    [showError, LL],
  );
  const { setStatus, pendingId, pendingStatus } = useSetBookingStatus({ onUpdated, onFailed });
  const changeStatus = (booking: BookingRow, status: BookingStatus) => void setStatus(booking.id, status);
  // A row's Complete on a meeting that has not started yet asks first (the details dialog asks in its own way).
  const [earlyCompletion, setEarlyCompletion] = useState<BookingRow | null>(null);
  const changeRowStatus = (booking: BookingRow, status: BookingStatus) =>
    status === 'completed' && new Date(booking.startsAt).getTime() > Date.now() ? setEarlyCompletion(booking) : changeStatus(booking, status);
  const startsAt = (b: BookingRow) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(b.startsAt));

  const loadFailure = list.isError ? describeApiError(list.error) : null;
  const loadDetail = loadFailure?.kind === 'server' ? serverMessage(loadFailure, LL) : null;

  return (
    <Stack gap={5}>
      <BookingCounters counts={list.data?.counts} filtered={isAnyBookingFilterActive(filters)} />
      <BookingFiltersBar filters={filters} onChange={setFilters} onReset={() => setFilters(DEFAULT_BOOKING_FILTERS)} />
      {loadFailure ? (
        <LoadErrorAlert title={LL.bookingsAdmin.loadFailed()} detail={loadDetail} onRetry={() => void list.refetch()} testId="bookings-load-error" />
      ) : null}
      {loadFailure && !list.data ? null : (
        <BookingsTable
          bookings={list.data?.bookings}
          loading={list.isPending}
          pendingId={pendingId}
          canManage={canManage}
          onView={setSelected}
          onSetStatus={changeRowStatus}
        />
      )}
      <ConfirmDialog
        subject={earlyCompletion}
        title={LL.bookingsAdmin.details.complete()}
        text={earlyCompletion ? LL.bookingsAdmin.details.completeEarly({ startsAt: startsAt(earlyCompletion) }) : ''}
        cancelLabel={LL.bookingsAdmin.details.keepOpen()}
        confirmLabel={LL.bookingsAdmin.details.completeAnyway()}
        pending={false}
        onConfirm={(booking) => {
          setEarlyCompletion(null);
          changeStatus(booking, 'completed');
        }}
        onClose={() => setEarlyCompletion(null)}
        testId="booking-complete-early"
      />
      {list.data ? (
        <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.counts.total} labels={LL.bookingsAdmin.pager} testId="bookings-pager" onPage={setPage} />
      ) : null}
      <BookingDetailsDialog
        booking={selected}
        pendingStatus={selected && pendingId === selected.id ? pendingStatus : null}
        canManage={canManage}
        onSetStatus={changeStatus}
        onClose={() => setSelected(null)}
      />
    </Stack>
  );
}
