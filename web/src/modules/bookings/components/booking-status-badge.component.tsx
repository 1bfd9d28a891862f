import { Badge } from '@chakra-ui/react';
import type { BookingStatus } from '@crm/contracts/bookings/booking.constants';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { STATUS_COLOR } from '../utils/booking-status.util.ts';

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { LL } = useI18nContext();
  return (
    <Badge colorPalette={STATUS_COLOR[status]} variant="subtle" data-testid="booking-status" data-status={status}>
      {LL.bookingStatuses[status]()}
    </Badge>
  );
}
