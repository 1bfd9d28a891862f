import { SimpleGrid, Stat } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

interface BookingCountersProps {
  counts: { total: number; pending: number; confirmed: number; completed: number } | undefined;
  filtered: boolean;
}

/** Total (or 'Filtered Results'), Pending, Confirmed, Completed. */
export function BookingCounters({ counts, filtered }: BookingCountersProps) {
  const { LL } = useI18nContext();
  const tiles = [
    { key: 'total', label: filtered ? LL.bookingsAdmin.counters.filtered() : LL.bookingsAdmin.counters.total(), value: counts?.total, color: 'fg' },
    { key: 'pending', label: LL.bookingStatuses.pending(), value: counts?.pending, color: 'yellow.600' },
    { key: 'confirmed', label: LL.bookingStatuses.confirmed(), value: counts?.confirmed, color: 'blue.600' },
    { key: 'completed', label: LL.bookingStatuses.completed(), value: counts?.completed, color: 'green.600' },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap={4}>
      {tiles.map((tile) => (
        <Stat.Root key={tile.key} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={`counter-${tile.key}`}>
          <Stat.Label>{tile.label}</Stat.Label>
          <Stat.ValueText color={tile.color} aria-live="polite">
            {tile.value ?? '–'}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
