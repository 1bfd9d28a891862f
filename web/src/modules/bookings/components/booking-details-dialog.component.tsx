import { Button, CloseButton, Code, DataList, Dialog, Portal, Text } from '@chakra-ui/react';
import type { BookingStatus } from '@crm/contracts/bookings/booking.constants';
import type { ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { BookingRow } from '../../api/trpc.client.ts';
import { canCancel, canComplete, canConfirm } from '../utils/booking-status.util.ts';
import { BookingStatusBadge } from './booking-status-badge.component.tsx';
import { meetingTypeLabel } from '../utils/meeting-type-label.util.ts';

interface BookingDetailsDialogProps {
  booking: BookingRow | null;
  pendingStatus: BookingStatus | null;
  canManage: boolean;
  onSetStatus(booking: BookingRow, status: BookingStatus): void;
  onClose(): void;
}

/** Everything about one booking, with Confirm Meeting, Mark Complete and Cancel. */
export function BookingDetailsDialog({ booking, pendingStatus, canManage, onSetStatus, onClose }: BookingDetailsDialogProps) {
  const { LL, locale } = useI18nContext();
  const d = LL.bookingsAdmin.details;
  const busy = pendingStatus !== null;

  const rows = (b: BookingRow): [string, string, ReactNode][] => [
    ['id', d.id(), <Code dir="ltr" fontSize="xs">{b.id}</Code>],
    ['name', d.name(), b.name],
    ['email', d.email(), <bdi dir="ltr">{b.email}</bdi>],
    ['company', d.company(), b.company || LL.common.notAvailable()],
    ['phone', d.phone(), b.phone ? <bdi dir="ltr">{b.phone}</bdi> : LL.common.notAvailable()],
    ['date', d.date(), <bdi dir="ltr">{b.preferredDate}</bdi>],
    ['time', d.time(), <bdi dir="ltr">{b.preferredTime}</bdi>],
    ['timeZone', d.timeZone(), <bdi dir="ltr">{b.timeZone}</bdi>],
    ['meetingType', d.meetingType(), meetingTypeLabel(locale, b.meetingType)],
    ['status', d.status(), <BookingStatusBadge status={b.status} />],
    [
      'createdAt',
      d.createdAt(),
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(b.createdAt)),
    ],
    ['message', d.message(), b.message ? <Text whiteSpace="pre-wrap">{b.message}</Text> : LL.common.notAvailable()],
  ];

  return (
    <Dialog.Root
      open={booking !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ base: 'full', sm: 'lg' }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="booking-details" minH={{ base: '100dvh', sm: 'auto' }} borderRadius={{ base: '0', sm: 'l3' }}>
            <Dialog.Header>
              <Dialog.Title>{d.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {booking ? (
                <DataList.Root orientation="horizontal" size="md">
                  {rows(booking).map(([key, label, value]) => (
                    <DataList.Item key={key} data-testid={`booking-detail-${key}`}>
                      <DataList.ItemLabel minW="8rem">{label}</DataList.ItemLabel>
                      <DataList.ItemValue>{value}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              ) : null}
            </Dialog.Body>
            {booking && canManage ? (
              <Dialog.Footer flexWrap="wrap">
                <Button
                  colorPalette="blue"
                  disabled={!canConfirm(booking.status) || busy}
                  loading={pendingStatus === 'confirmed'}
                  onClick={() => onSetStatus(booking, 'confirmed')}
                  data-testid="details-confirm"
                >
                  {d.confirm()}
                </Button>
                <Button
                  colorPalette="green"
                  disabled={!canComplete(booking.status) || busy}
                  loading={pendingStatus === 'completed'}
                  onClick={() => onSetStatus(booking, 'completed')}
                  data-testid="details-complete"
                >
                  {d.complete()}
                </Button>
                <Button
                  colorPalette="red"
                  variant="outline"
                  disabled={!canCancel(booking.status) || busy}
                  loading={pendingStatus === 'cancelled'}
                  onClick={() => onSetStatus(booking, 'cancelled')}
                  data-testid="details-cancel"
                >
                  {d.cancel()}
                </Button>
              </Dialog.Footer>
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
