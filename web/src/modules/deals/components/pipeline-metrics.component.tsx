import { Box, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { BarChart } from '../../ui/components/charts.ts';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { useDealMetrics } from '../hooks/use-deal-metrics.hook.ts';
import { formatDollars, formatMonth, formatNumber, formatPercent } from '../utils/pipeline-format.util.ts';
import { ChartLegend } from './chart-legend.component.tsx';
import { MetricCard } from './metric-card.component.tsx';

/** Pipeline Metrics: conversion rate, average deal size, cycle time, velocity trend, and deals per month. */
export function PipelineMetrics() {
  const { LL, locale } = useI18nContext();
  const metrics = useDealMetrics();
  const created = LL.deals.metrics.created();
  const won = LL.deals.metrics.won();
  const lost = LL.deals.metrics.lost();

  if (metrics.isError) {
    return <LoadErrorAlert title={LL.deals.forecasting.metricsFailed()} onRetry={() => void metrics.refetch()} testId="pipeline-metrics-error" />;
  }
  if (metrics.isPending) return <Skeleton h="24rem" rounded="lg" />;
  const m = metrics.data;
  const chartData = m.monthly.map((month) => ({ month: formatMonth(month.period, locale), [created]: month.createdDeals, [won]: month.wonDeals, [lost]: month.lostDeals }));
  const trendColor = m.velocityTrend > 0 ? 'green.700' : m.velocityTrend < 0 ? 'red.700' : 'fg';

  return (
    <Stack gap={5} data-testid="pipeline-metrics">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4}>
        <MetricCard label={LL.deals.metrics.conversionRate()} value={formatPercent(m.conversionRate, locale)} hint={LL.deals.metrics.conversionRateHint()} color="blue.700" testId="pipeline-metric-conversionRate" />
        <MetricCard label={LL.deals.metrics.averageDealSize()} value={formatDollars(m.averageDealSize, locale)} hint={LL.deals.metrics.averageDealSizeHint()} color="green.700" testId="pipeline-metric-averageDealSize" />
        <MetricCard
          label={LL.deals.metrics.averageCycleTime()}
          value={LL.deals.metrics.days({ days: formatNumber(m.averageCycleTime, locale) })}
          hint={LL.deals.metrics.averageCycleTimeHint()}
          color="purple.700"
          testId="pipeline-metric-averageCycleTime"
        />
        <MetricCard label={LL.deals.metrics.velocityTrend()} value={formatPercent(m.velocityTrend, locale, true)} hint={LL.deals.metrics.velocityTrendHint()} color={trendColor} testId="pipeline-metric-velocityTrend" />
      </SimpleGrid>
      <Stack gap={1}>
        <Heading as="h3" size="md">
          {LL.deals.metrics.monthlyTitle()}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {LL.deals.metrics.monthlyText()}
        </Text>
      </Stack>
      <Box as="figure" aria-label={LL.deals.metrics.chartLabel()} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} dir="ltr" data-testid="pipeline-metrics-chart">
        <ChartLegend items={[{ label: created, color: 'blue' }, { label: won, color: 'emerald' }, { label: lost, color: 'rose' }]} />
        <BarChart
          className="h-64"
          data={chartData}
          index="month"
          categories={[created, won, lost]}
          colors={['blue', 'emerald', 'rose']}
          valueFormatter={(value: number) => formatNumber(value, locale)}
          allowDecimals={false}
          yAxisWidth={40}
          showAnimation={false}
              showLegend={false}
        />
      </Box>
    </Stack>
  );
}
