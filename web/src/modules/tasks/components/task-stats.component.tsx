import type { TaskStats } from '@crm/contracts/tasks/task.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { StatTiles, type StatTile } from '../../ui/components/stat-tiles.component.tsx';

/** The four stat cards (spec 02 §2): Total, Pending, Completed, Overdue, over the tasks the filters match. */
export function TaskStatsTiles({ stats }: { stats: TaskStats | undefined }) {
  const { LL } = useI18nContext();
  const s = LL.tasks.stats;
  const tiles: StatTile[] = [
    { key: 'total', label: s.total(), value: stats?.total, color: 'fg' },
    { key: 'pending', label: s.pending(), value: stats?.pending, color: 'yellow.700' },
    { key: 'completed', label: s.completed(), value: stats?.completed, color: 'green.700' },
    { key: 'overdue', label: s.overdue(), value: stats?.overdue, color: 'red.700' },
  ];
  return <StatTiles tiles={tiles} testIdPrefix="task-stat-" label={s.label()} />;
}
