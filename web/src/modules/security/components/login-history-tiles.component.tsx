import type { LoginHistorySummary } from '@crm/contracts/security/login-history.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { StatTiles, type StatTile } from '../../ui/components/stat-tiles.component.tsx';

/** The four tiles: total, successful, failed, suspicious (over the search, date range and device selected). */
export function LoginHistoryTiles({ summary }: { summary: LoginHistorySummary | undefined }) {
  const { LL } = useI18nContext();
  const t = LL.security.tiles;
  const tiles: StatTile[] = [
    { key: 'total', label: t.total(), value: summary?.total, color: 'fg' },
    { key: 'successful', label: t.successful(), value: summary?.successful, color: 'green.600' },
    { key: 'failed', label: t.failed(), value: summary?.failed, color: 'red.600' },
    { key: 'suspicious', label: t.suspicious(), value: summary?.suspicious, color: 'orange.600' },
  ];
  return <StatTiles tiles={tiles} testIdPrefix="login-tile-" />;
}
