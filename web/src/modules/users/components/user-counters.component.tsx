import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { StatTiles, type StatTile } from '../../ui/components/stat-tiles.component.tsx';
import type { RouterOutputs } from '../../api/trpc.client.ts';

interface UserCountersProps {
  counts: RouterOutputs['users']['list']['counts'] | undefined;
  filtered: boolean;
}

/** Total Users (or 'Filtered Results'), Pending Approval, Approved & Active, Inactive: over the filtered set. */
export function UserCounters({ counts, filtered }: UserCountersProps) {
  const { LL } = useI18nContext();
  const c = LL.users.counters;
  const tiles: StatTile[] = [
    { key: 'total', label: filtered ? c.filtered() : c.total(), value: counts?.total, color: 'fg' },
    { key: 'pending', label: c.pendingApproval(), value: counts?.pendingApproval, color: 'yellow.600' },
    { key: 'approved-active', label: c.approvedActive(), value: counts?.approvedActive, color: 'green.600' },
    { key: 'inactive', label: c.inactive(), value: counts?.inactive, color: 'red.600' },
  ];
  return <StatTiles tiles={tiles} testIdPrefix="users-counter-" label={c.label()} />;
}
