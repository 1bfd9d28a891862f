import { Alert, Button, CloseButton, Code, DataList, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import type { BookingStatus } from '@crm/contracts/bookings/booking.constants';
import { useState, type ReactNode } from 'react';
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
  // "Mark Complete" on a meeting that has not started yet asks first (the booking it was asked for).
  const [confirmingEarly, setConfirmingEarly] = useState<string | null>(null);
  const askingEarly = booking !== null && confirmingEarly === booking.id;
  const complete = (b: BookingRow) => {
    if (new Date(b.startsAt).getTime() > Date.now() && confirmingEarly !== b.id) setConfirmingEarly(b.id);
    else {
      setConfirmingEarly(null);
      onSetStatus(b, 'completed');
    }
  };
  const startsAtText = (b: BookingRow) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(b.startsAt));

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
              {booking && askingEarly ? (
                <Alert.Root status="warning" mt={4} data-testid="details-complete-early" role="alertdialog" aria-label={d.completeEarly({ startsAt: startsAtText(booking) })}>
                  <Alert.Indicator />
                  <Stack gap={3} flex="1">
                    <Alert.Description>{d.completeEarly({ startsAt: startsAtText(booking) })}</Alert.Description>
                    <HStack gap={2} flexWrap="wrap">
                      <Button size="sm" colorPalette="green" onClick={() => complete(booking)} data-testid="details-complete-anyway">
                        {d.completeAnyway()}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setConfirmingEarly(null)}>
                        {d.keepOpen()}
                      </Button>
                    </HStack>
                  </Stack>
                </Alert.Root>
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
                  onClick={() => complete(booking)}
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
                <Button variant="ghost" onClick={onClose} data-testid="details-close">
                  {d.close()}
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
