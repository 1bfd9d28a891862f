import { HStack, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { DashboardChart } from '../../../dashboard/components/dashboard-chart.component.tsx';
import { formatCount, formatDollars, formatDollarsCompact, formatMonth, formatPercent } from '../../../dashboard/utils/dashboard-format.util.ts';
import { AreaChart, BarChart, LineChart } from '../../../ui/components/charts.ts';
import { LabelledSelect } from '../../../ui/components/labelled-select.component.tsx';
import { LoadErrorAlert } from '../../../ui/components/load-error-alert.component.tsx';
import { useMarketingReport } from '../../hooks/use-campaigns.hook.ts';

const PERIODS = ['3', '6', '12'] as const;
type Period = (typeof PERIODS)[number];

/**
 * The Analytics tab (issue 16; spec 02 "Marketing Dashboard"), every figure computed by the server: top 5
 * campaigns by ROI and top 5 forms by conversion (bars), traffic sources (donut: visits per source), monthly
 * trends of leads, customers won and submissions (lines) and of spend (area). Each chart has its figures as a
 * table for screen readers (DashboardChart).
 */
export function AnalyticsTab() {
  const { LL, locale } = useI18nContext();
  const t = LL.marketing.analytics;
  const [period, setPeriod] = useState<Period>('6');
  const report = useMarketingReport(Number(period));
  const count = (v: number) => formatCount(v, locale);
  const percent = (v: number) => formatPercent(v, locale);
  const labelWidth = locale === 'ar' ? 150 : 120;

  if (report.isError) return <LoadErrorAlert title={t.loadFailed()} onRetry={() => void report.refetch()} testId="marketing-analytics-error" />;
  const a = report.data;
  const header = (
    <HStack justify="flex-end">
      <Stack maxW="14rem" w="full">
        <LabelledSelect<Period> label={t.period()} name="months" value={period} options={PERIODS} labelOf={(p) => t.months({ count: Number(p) })} onChange={setPeriod} testId="marketing-analytics-months" />
      </Stack>
    </HStack>
  );
  if (!a) {
    return (
      <Stack gap={4}>
        {header}
        <Spinner size="sm" />
      </Stack>
    );
  }

  const roiSeries = t.roi();
  const campaigns = a.topCampaigns.map((c) => ({ name: c.name, [roiSeries]: c.roi ?? 0 }));
  // The ROI axis always holds 0, so a loss is a bar to the left of it and a gain one to the right.
  const rois = a.topCampaigns.map((c) => c.roi ?? 0);
  const roiRange = { minValue: Math.min(0, ...rois), maxValue: Math.max(0, ...rois) };
  const conversionSeries = t.conversion();
  const forms = a.topForms.map((f) => ({ name: f.name, [conversionSeries]: f.conversionRate }));
  const [visits, leads, won, submissions, spend] = [t.visits(), t.leads(), t.customersWon(), t.submissions(), t.spend()];
  const sources = a.trafficSources.map((s) => ({ name: s.source === 'direct' ? t.direct() : s.source, [visits]: s.visits, [submissions]: s.submissions, [leads]: s.leads, raw: s }));
  const monthly = a.monthly.map((m) => ({ month: formatMonth(m.month, locale), [leads]: m.leads, [won]: m.customersWon, [submissions]: m.submissions, [spend]: m.spend, raw: m }));

  return (
    <Stack gap={4} data-testid="marketing-analytics">
      {header}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
        <DashboardChart
          id="marketing-campaigns"
          title={t.topCampaigns()}
          text={t.topCampaignsHint()}
          empty={a.topCampaigns.length === 0}
          emptyText={t.noCampaigns()}
          table={{
            columns: [t.name(), roiSeries, t.spent(), t.leads()],
            rows: a.topCampaigns.map((c) => ({ key: c.id, cells: [c.name, c.roi === null ? '—' : percent(c.roi), formatDollars(c.spent, locale), count(c.leadsGenerated)] })),
          }}
        >
          <BarChart className="h-56" data={campaigns} index="name" categories={[roiSeries]} colors={['emerald']} valueFormatter={percent} {...roiRange} layout="vertical" yAxisWidth={labelWidth} showLegend={false} showAnimation={false} />
        </DashboardChart>
        <DashboardChart
          id="marketing-forms"
          title={t.topForms()}
          text={t.topFormsHint()}
          empty={a.topForms.length === 0}
          emptyText={t.noForms()}
          table={{
            columns: [t.name(), conversionSeries, t.views(), t.submissions()],
            rows: a.topForms.map((f) => ({ key: f.id, cells: [f.name, percent(f.conversionRate), count(f.views), count(f.submissionsCount)] })),
          }}
        >
          <BarChart className="h-56" data={forms} index="name" categories={[conversionSeries]} colors={['blue']} valueFormatter={percent} layout="vertical" yAxisWidth={labelWidth} showLegend={false} showAnimation={false} />
        </DashboardChart>
        <DashboardChart
          id="marketing-traffic"
          title={t.trafficSources()}
          text={t.trafficSourcesHint()}
          empty={a.trafficSources.length === 0}
          emptyText={t.noTraffic()}
          legend={[
            { label: visits, color: 'cyan' },
            { label: submissions, color: 'violet' },
            { label: leads, color: 'blue' },
          ]}
          table={{
            columns: [t.source(), t.visits(), t.submissions(), t.leads()],
            rows: sources.map((s) => ({ key: s.raw.source, cells: [s.name, count(s.raw.visits), count(s.raw.submissions), count(s.raw.leads)] })),
          }}
        >
          <BarChart className="h-56" data={sources} index="name" categories={[visits, submissions, leads]} colors={['cyan', 'violet', 'blue']} valueFormatter={count} allowDecimals={false} layout="vertical" yAxisWidth={labelWidth} showLegend={false} showAnimation={false} />
        </DashboardChart>
        <DashboardChart
          id="marketing-monthly"
          title={t.monthly()}
          text={t.monthlyHint()}
          empty={a.monthly.every((m) => m.leads === 0 && m.customersWon === 0 && m.submissions === 0)}
          emptyText={t.noMonthly()}
          legend={[
            { label: leads, color: 'blue' },
            { label: won, color: 'emerald' },
            { label: submissions, color: 'violet' },
          ]}
          table={{
            columns: [LL.dashboard.charts.month(), leads, won, submissions, spend],
            rows: monthly.map((m) => ({ key: m.raw.month, cells: [m.month, count(m.raw.leads), count(m.raw.customersWon), count(m.raw.submissions), formatDollars(m.raw.spend, locale)] })),
          }}
        >
          <LineChart className="h-56" data={monthly} index="month" categories={[leads, won, submissions]} colors={['blue', 'emerald', 'violet']} valueFormatter={count} allowDecimals={false} showLegend={false} showAnimation={false} />
        </DashboardChart>
        <DashboardChart
          id="marketing-spend"
          title={t.spendTitle()}
          text={t.spendHint()}
          empty={a.monthly.every((m) => m.spend === 0)}
          emptyText={t.noSpend()}
          table={{ columns: [LL.dashboard.charts.month(), spend], rows: monthly.map((m) => ({ key: m.raw.month, cells: [m.month, formatDollars(m.raw.spend, locale)] })) }}
        >
          <AreaChart className="h-56" data={monthly} index="month" categories={[spend]} colors={['amber']} valueFormatter={(v: number) => formatDollarsCompact(v, locale)} yAxisWidth={locale === 'en' ? 56 : 88} showLegend={false} showAnimation={false} />
        </DashboardChart>
      </SimpleGrid>
    </Stack>
  );
}
