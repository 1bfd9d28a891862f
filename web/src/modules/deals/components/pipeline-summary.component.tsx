import { SimpleGrid, Stat } from '@chakra-ui/react';
import type { DealBoardSummary } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatDollars } from '../utils/pipeline-format.util.ts';

/** The four summary cards above the Kanban (spec 02 §2, §9: weighted = Σ value × probability / 100). */
export function PipelineSummary({ summary }: { summary: DealBoardSummary | undefined }) {
  const { LL, locale } = useI18nContext();
  const tiles = [
    { key: 'totalValue', label: LL.deals.summary.totalValue(), value: summary ? formatDollars(summary.totalValue, locale) : undefined, color: 'fg' },
    { key: 'weightedValue', label: LL.deals.summary.weightedValue(), value: summary ? formatDollars(summary.weightedValue, locale) : undefined, color: 'blue.700' },
    { key: 'activeDeals', label: LL.deals.summary.activeDeals(), value: summary?.activeDeals.toLocaleString(locale), color: 'orange.700' },
    { key: 'wonDeals', label: LL.deals.summary.wonDeals(), value: summary?.wonDeals.toLocaleString(locale), color: 'green.700' },
  ];
  return (
    <SimpleGrid as="section" aria-label={LL.deals.summary.label()} columns={{ base: 2, md: 4 }} gap={4}>
      {tiles.map((tile) => (
        <Stat.Root key={tile.key} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={`pipeline-summary-${tile.key}`}>
          <Stat.Label>{tile.label}</Stat.Label>
          <Stat.ValueText color={tile.color} aria-live="polite" fontSize={{ base: 'lg', md: '2xl' }}>
            {tile.value ?? '–'}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
