import type { AuditLogTiles as Tiles } from '@crm/contracts/audit/audit.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { StatTiles, type StatTile } from '../../ui/components/stat-tiles.component.tsx';

/** The four tiles over the filtered entries: total, creates, updates, deletes. */
export function AuditLogTiles({ tiles }: { tiles: Tiles | undefined }) {
  const { LL } = useI18nContext();
  const t = LL.auditLog.tiles;
  const list: StatTile[] = [
    { key: 'total', label: t.total(), value: tiles?.total, color: 'fg' },
    { key: 'creates', label: t.creates(), value: tiles?.creates, color: 'green.600' },
    { key: 'updates', label: t.updates(), value: tiles?.updates, color: 'blue.600' },
    { key: 'deletes', label: t.deletes(), value: tiles?.deletes, color: 'red.600' },
  ];
  return <StatTiles tiles={list} testIdPrefix="audit-tile-" label={t.label()} />;
}
