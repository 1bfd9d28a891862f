import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { StatTiles, type StatTile } from '../../ui/components/stat-tiles.component.tsx';

interface BookingCountersProps {
  counts: { total: number; pending: number; confirmed: number; completed: number } | undefined;
  filtered: boolean;
}

/** Total (or 'Filtered Results'), Pending, Confirmed, Completed. */
export function BookingCounters({ counts, filtered }: BookingCountersProps) {
  const { LL } = useI18nContext();
  const tiles: StatTile[] = [
    { key: 'total', label: filtered ? LL.bookingsAdmin.counters.filtered() : LL.bookingsAdmin.counters.total(), value: counts?.total, color: 'fg' },
    { key: 'pending', label: LL.bookingStatuses.pending(), value: counts?.pending, color: 'yellow.600' },
    { key: 'confirmed', label: LL.bookingStatuses.confirmed(), value: counts?.confirmed, color: 'blue.600' },
    { key: 'completed', label: LL.bookingStatuses.completed(), value: counts?.completed, color: 'green.600' },
  ];
  return <StatTiles tiles={tiles} testIdPrefix="counter-" />;
}
