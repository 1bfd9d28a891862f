import { IconButton, Portal, SimpleGrid, Stat, Tooltip } from '@chakra-ui/react';
import type { DealBoardSummary } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatDollars } from '../utils/pipeline-format.util.ts';

/** A small "i" that shows what a figure counts, on hover, focus or tap. */
function HintTip({ label, hint, testId }: { label: string; hint: string; testId: string }) {
  const { LL } = useI18nContext();
  return (
    <Tooltip.Root openDelay={150} closeDelay={100} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>
        <IconButton size="2xs" variant="ghost" rounded="full" aria-label={LL.deals.summary.hintLabel({ label })} data-testid={testId} color="fg.muted" minW="5" h="5">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <rect x="7.25" y="7" width="1.5" height="5" rx="0.75" fill="currentColor" />
            <circle cx="8" cy="4.75" r="1" fill="currentColor" />
          </svg>
        </IconButton>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="18rem" data-testid={`${testId}-content`}>
            <Tooltip.Arrow>
              <Tooltip.ArrowTip />
            </Tooltip.Arrow>
            {hint}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/**
 * The four summary cards above the Kanban (spec 02 §2, §9). Total Pipeline Value and Weighted Pipeline
 * (Σ value × probability / 100) count open deals only, not closed won or lost: their tooltips say so.
 */
export function PipelineSummary({ summary }: { summary: DealBoardSummary | undefined }) {
  const { LL, locale } = useI18nContext();
  const s = LL.deals.summary;
  const tiles = [
    { key: 'totalValue', label: s.totalValue(), hint: s.totalValueHint(), value: summary ? formatDollars(summary.totalValue, locale) : undefined, color: 'fg' },
    { key: 'weightedValue', label: s.weightedValue(), hint: s.weightedValueHint(), value: summary ? formatDollars(summary.weightedValue, locale) : undefined, color: 'blue.700' },
    { key: 'activeDeals', label: s.activeDeals(), hint: null, value: summary?.activeDeals.toLocaleString(locale), color: 'orange.700' },
    { key: 'wonDeals', label: s.wonDeals(), hint: null, value: summary?.wonDeals.toLocaleString(locale), color: 'green.700' },
  ];
  return (
    <SimpleGrid as="section" aria-label={s.label()} columns={{ base: 2, md: 4 }} gap={4}>
      {tiles.map((tile) => (
        <Stat.Root key={tile.key} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={`pipeline-summary-${tile.key}`}>
          {/* The hint inside the label (a <dt>): a wrapper in the <dl> would break the definition list. */}
          <Stat.Label display="inline-flex" alignItems="center" gap={1}>
            {tile.label}
            {tile.hint ? <HintTip label={tile.label} hint={tile.hint} testId={`pipeline-summary-${tile.key}-hint`} /> : null}
          </Stat.Label>
          <Stat.ValueText color={tile.color} aria-live="polite" fontSize={{ base: 'lg', md: '2xl' }}>
            {tile.value ?? '–'}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
