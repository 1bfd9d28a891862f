import { SimpleGrid, Stat } from '@chakra-ui/react';
import type { LoginHistorySummary } from '@crm/contracts/security/login-history.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

/** The four tiles: total, successful, failed, suspicious (over the search, date range and device selected). */
export function LoginHistoryTiles({ summary }: { summary: LoginHistorySummary | undefined }) {
  const { LL } = useI18nContext();
  const t = LL.loginHistory.tiles;
  const tiles = [
    { key: 'total', label: t.total(), value: summary?.total, color: 'fg' },
    { key: 'successful', label: t.successful(), value: summary?.successful, color: 'green.600' },
    { key: 'failed', label: t.failed(), value: summary?.failed, color: 'red.600' },
    { key: 'suspicious', label: t.suspicious(), value: summary?.suspicious, color: 'orange.600' },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap={4}>
      {tiles.map((tile) => (
        <Stat.Root key={tile.key} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={`login-tile-${tile.key}`}>
          <Stat.Label>{tile.label}</Stat.Label>
          <Stat.ValueText color={tile.color} aria-live="polite">
            {tile.value ?? '–'}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
