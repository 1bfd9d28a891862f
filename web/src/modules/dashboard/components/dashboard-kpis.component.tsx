import { SimpleGrid, Stat, Text } from '@chakra-ui/react';
import type { DashboardSummary } from '@crm/contracts/dashboard/dashboard.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatCount, formatDollars, formatPercent, formatPoints } from '../utils/dashboard-format.util.ts';

interface Kpi {
  key: 'revenue' | 'customers' | 'completion' | 'deals';
  label: string;
  value: string;
  hint: string;
  /** The change against the previous period, as shown, and its direction (null: nothing to compare with). */
  change: { text: string; up: boolean | null } | null;
  previous: string;
}

/** The four KPI cards with their change against the previous period (no demo figures: the spec's fallback is gone). */
export function DashboardKpis({ summary }: { summary: DashboardSummary }) {
  const { LL, locale } = useI18nContext();
  const k = LL.dashboard.kpis;
  const pct = (change: number | null) => (change === null ? null : { text: k.change({ change: formatPercent(change, locale, true) }), up: change === 0 ? null : change > 0 });
  const kpis: Kpi[] = [
    {
      key: 'revenue',
      label: k.revenue(),
      value: formatDollars(summary.totalRevenue, locale),
      hint: k.revenueHint(),
      change: pct(summary.change.totalRevenue),
      previous: formatDollars(summary.previous.totalRevenue, locale),
    },
    {
      key: 'customers',
      label: k.customers(),
      value: formatCount(summary.totalCustomers, locale),
      hint: k.customersHint(),
      change: pct(summary.change.totalCustomers),
      previous: formatCount(summary.previous.totalCustomers, locale),
    },
    {
      key: 'completion',
      label: k.completion(),
      value: formatPercent(summary.completionRate, locale),
      hint: k.completionHint({ completed: summary.tasksCompleted, counted: summary.tasksCounted }),
      change: { text: k.changePoints({ change: formatPoints(summary.change.completionRate, locale) }), up: summary.change.completionRate === 0 ? null : summary.change.completionRate > 0 },
      previous: formatPercent(summary.previous.completionRate, locale),
    },
    {
      key: 'deals',
      label: k.deals(),
      value: formatCount(summary.totalDeals, locale),
      hint: k.dealsHint(),
      change: pct(summary.change.totalDeals),
      previous: formatCount(summary.previous.totalDeals, locale),
    },
  ];
  return (
    <SimpleGrid as="section" aria-label={k.label()} columns={{ base: 1, sm: 2, xl: 4 }} gap={4}>
      {kpis.map((kpi) => (
        <Stat.Root key={kpi.key} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={`dashboard-kpi-${kpi.key}`}>
          <Stat.Label>{kpi.label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'xl', md: '2xl' }} data-testid={`dashboard-kpi-${kpi.key}-value`}>
            {kpi.value}
          </Stat.ValueText>
          <Text fontSize="sm" fontWeight="medium" color={kpi.change?.up === true ? 'green.700' : kpi.change?.up === false ? 'red.700' : 'fg.muted'} data-testid={`dashboard-kpi-${kpi.key}-change`}>
            {kpi.change ? `${kpi.change.up === true ? '▲ ' : kpi.change.up === false ? '▼ ' : ''}${kpi.change.text}` : k.noPrevious()}
          </Text>
          <Stat.HelpText>
            {kpi.hint} · {k.previous({ value: kpi.previous })}
          </Stat.HelpText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
