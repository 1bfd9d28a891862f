import { SimpleGrid, Stat } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { RouterOutputs } from '../../api/trpc.client.ts';

interface UserCountersProps {
  counts: RouterOutputs['users']['list']['counts'] | undefined;
  filtered: boolean;
}

/** Total Users (or 'Filtered Results'), Pending Approval, Approved & Active, Inactive: over the filtered set. */
export function UserCounters({ counts, filtered }: UserCountersProps) {
  const { LL } = useI18nContext();
  const c = LL.users.counters;
  const tiles = [
    { key: 'total', label: filtered ? c.filtered() : c.total(), value: counts?.total, color: 'fg' },
    { key: 'pending', label: c.pendingApproval(), value: counts?.pendingApproval, color: 'yellow.600' },
    { key: 'approved-active', label: c.approvedActive(), value: counts?.approvedActive, color: 'green.600' },
    { key: 'inactive', label: c.inactive(), value: counts?.inactive, color: 'red.600' },
  ];
  return (
    <SimpleGrid as="section" aria-label={c.label()} columns={{ base: 2, md: 4 }} gap={4}>
      {tiles.map((tile) => (
        <Stat.Root key={tile.key} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={`users-counter-${tile.key}`}>
          <Stat.Label>{tile.label}</Stat.Label>
          <Stat.ValueText color={tile.color} aria-live="polite">
            {tile.value ?? '–'}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
