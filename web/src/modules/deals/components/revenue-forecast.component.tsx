import { Box, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { BarChart } from '../../ui/components/charts.ts';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { ChartLegend } from './chart-legend.component.tsx';
import { useDealForecast } from '../hooks/use-deal-forecast.hook.ts';
import { formatDollars, formatDollarsCompact, formatMonth, formatPercent } from '../utils/pipeline-format.util.ts';

/** Revenue Forecasting: predicted (expected close × probability) against won, per month, as a chart and a table. */
export function RevenueForecast() {
  const { LL, locale } = useI18nContext();
  const forecast = useDealForecast();
  const predicted = LL.deals.forecasting.predicted();
  const actual = LL.deals.forecasting.actual();
  const rows = forecast.data?.rows ?? [];
  const chartData = rows.map((row) => ({ month: formatMonth(row.period, locale), [predicted]: row.predicted, [actual]: row.actual ?? 0 }));

  return (
    <Stack gap={4} data-testid="pipeline-forecast">
      <Stack gap={1}>
        <Heading as="h3" size="md">
          {LL.deals.forecasting.revenueTitle()}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {LL.deals.forecasting.revenueText()}
        </Text>
      </Stack>
      {forecast.isError ? (
        <LoadErrorAlert title={LL.deals.forecasting.forecastFailed()} onRetry={() => void forecast.refetch()} testId="pipeline-forecast-error" />
      ) : forecast.isPending ? (
        <Skeleton h="18rem" rounded="lg" />
      ) : (
        <>
          <Box as="figure" aria-label={LL.deals.forecasting.chartLabel()} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} dir="ltr" data-testid="pipeline-forecast-chart">
            <ChartLegend items={[{ label: predicted, color: 'blue' }, { label: actual, color: 'emerald' }]} />
            <BarChart
              className="h-72"
              data={chartData}
              index="month"
              categories={[predicted, actual]}
              colors={['blue', 'emerald']}
              valueFormatter={(value: number) => formatDollarsCompact(value, locale)}
              yAxisWidth={locale === 'en' ? 64 : 96}
              showAnimation={false}
              showLegend={false}
            />
          </Box>
          <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="lg">
            <Table.Root size="sm" aria-label={LL.deals.forecasting.tableLabel()} data-testid="pipeline-forecast-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{LL.deals.forecasting.period()}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{predicted}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{actual}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{LL.deals.forecasting.deals()}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{LL.deals.forecasting.confidence()}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.period} data-testid={`pipeline-forecast-row-${row.period}`}>
                    <Table.Cell>{formatMonth(row.period, locale)}</Table.Cell>
                    <Table.Cell textAlign="end" data-testid="forecast-predicted">
                      {formatDollars(row.predicted, locale)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" data-testid="forecast-actual">
                      {row.actual === null ? LL.deals.forecasting.noActual() : formatDollars(row.actual, locale)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{row.deals.toLocaleString(locale)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatPercent(row.confidence, locale)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </>
      )}
    </Stack>
  );
}
