import { Button, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { BookingStatus } from '@crm/contracts/bookings/booking.constants';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { BookingRow } from '../../api/trpc.client.ts';
import { DataTable } from '../../ui/components/data-table.component.tsx';
import { canComplete, canConfirm } from '../utils/booking-status.util.ts';
import { BookingStatusBadge } from './booking-status-badge.component.tsx';
import { meetingTypeLabel } from '../utils/meeting-type-label.util.ts';
import { DataText } from '../../ui/components/data-text.component.tsx';

interface BookingsTableProps {
  bookings: BookingRow[] | undefined;
  loading: boolean;
  pendingId: string | null;
  /** May change statuses: shows the Confirm / Complete row actions. */
  canManage: boolean;
  onView(booking: BookingRow): void;
  onSetStatus(booking: BookingRow, status: BookingStatus): void;
}

/** "2026-12-01 10:00 (Europe/Paris)": the wall-clock date and time the visitor chose, in their zone. */
export function BookingDateTime({ booking }: { booking: BookingRow }) {
  const { LL } = useI18nContext();
  return (
    <bdi dir="ltr">
      {LL.bookingsAdmin.dateTime({ date: booking.preferredDate, time: booking.preferredTime, timeZone: booking.timeZone })}
    </bdi>
  );
}

export function BookingsTable({ bookings, loading, pendingId, canManage, onView, onSetStatus }: BookingsTableProps) {
  const { LL, locale } = useI18nContext();
  const t = LL.bookingsAdmin.table;
  const columns = [t.id(), t.client(), t.company(), t.meetingType(), t.dateTime(), t.status(), t.actions()];

  const renderBooking = (booking: BookingRow) => {
    const busy = pendingId === booking.id;
    return (
      <Table.Row key={booking.id} data-testid="booking-row" data-booking-id={booking.id}>
        <Table.Cell>
          <Code title={booking.id} dir="ltr" fontSize="xs">
            {booking.id.slice(0, 8)}
          </Code>
        </Table.Cell>
        <Table.Cell>
          <Stack gap={0}>
            <Text fontWeight="medium">
              <DataText>{booking.name}</DataText>
            </Text>
            <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start">
              <bdi>{booking.email}</bdi>
            </Text>
          </Stack>
        </Table.Cell>
        <Table.Cell>{booking.company ? <DataText>{booking.company}</DataText> : LL.common.notAvailable()}</Table.Cell>
        <Table.Cell whiteSpace="nowrap">{meetingTypeLabel(locale, booking.meetingType)}</Table.Cell>
        <Table.Cell whiteSpace="nowrap">
          <BookingDateTime booking={booking} />
        </Table.Cell>
        <Table.Cell>
          <BookingStatusBadge status={booking.status} />
        </Table.Cell>
        <Table.Cell>
          <HStack gap={2}>
            <Button
              size="xs"
              variant="outline"
              aria-label={LL.bookingsAdmin.actions.viewLabel({ id: booking.id })}
              onClick={() => onView(booking)}
              data-testid="booking-view"
            >
              {LL.bookingsAdmin.actions.view()}
            </Button>
            {canManage && canConfirm(booking.status) ? (
              <Button
                size="xs"
                colorPalette="blue"
                loading={busy}
                disabled={pendingId !== null}
                onClick={() => onSetStatus(booking, 'confirmed')}
                data-testid="booking-confirm"
              >
                {LL.bookingsAdmin.actions.confirm()}
              </Button>
            ) : null}
            {canManage && canComplete(booking.status) ? (
              <Button
                size="xs"
                colorPalette="green"
                loading={busy}
                disabled={pendingId !== null}
                onClick={() => onSetStatus(booking, 'completed')}
                data-testid="booking-complete"
              >
                {LL.bookingsAdmin.actions.complete()}
              </Button>
            ) : null}
          </HStack>
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <DataTable
      testId="bookings-table"
      caption={t.caption()}
      columns={columns}
      interactive
      rows={bookings}
      loading={loading}
      loadingState={{ text: LL.bookingsAdmin.loading(), testId: 'bookings-loading' }}
      emptyState={{ text: LL.bookingsAdmin.empty(), testId: 'bookings-empty' }}
      renderRow={renderBooking}
    />
  );
}
