import { SimpleGrid } from '@chakra-ui/react';
import type { DashboardAnalytics } from '@crm/contracts/dashboard/dashboard.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { AreaChart, BarChart, DonutChart } from '../../ui/components/charts.ts';
import { formatCount, formatDollars, formatDollarsCompact, formatMonth, formatPercent } from '../utils/dashboard-format.util.ts';
import { DashboardChart, type ChartColor } from './dashboard-chart.component.tsx';

const STAGE_COLORS: Record<DashboardAnalytics['pipeline'][number]['stage'], ChartColor> = {
  prospecting: 'blue',
  qualification: 'cyan',
  proposal: 'indigo',
  negotiation: 'violet',
  closed_won: 'emerald',
  closed_lost: 'rose',
};

/** The four charts: revenue trend (area), pipeline by stage (donut), acquisition by source (bar), funnel (bar). */
export function DashboardCharts({ analytics }: { analytics: DashboardAnalytics }) {
  const { LL, locale } = useI18nContext();
  const c = LL.dashboard.charts;
  const revenueSeries = c.revenueSeries();
  const customersSeries = c.customersSeries();

  const revenue = analytics.trends.revenue.map((r) => ({ month: formatMonth(r.month, locale), [revenueSeries]: r.value, raw: r }));
  const stages = analytics.pipeline.map((p) => ({ name: LL.deals.stages[p.stage](), count: p.count, color: STAGE_COLORS[p.stage], stage: p.stage }));
  const totalDeals = stages.reduce((s, p) => s + p.count, 0);
  const shown = stages.filter((p) => p.count > 0);
  const sourceName = (source: DashboardAnalytics['acquisition'][number]['source']) => (source === 'unknown' ? LL.dashboard.sourceUnknown() : LL.customers.sources[source]());
  const acquisition = analytics.acquisition.map((a) => ({ name: sourceName(a.source), [customersSeries]: a.count, source: a.source }));
  const funnel = analytics.funnel.map((f) => ({ name: LL.dashboard.funnel[f.stage](), [customersSeries]: f.count, stage: f.stage }));
  const count = (v: number) => formatCount(v, locale);
  // Horizontal bars: every category's name on its own line of the axis (vertical bars skipped some when narrow).
  const labelWidth = locale === 'ar' ? 150 : 100;
  /** Customers counted per named row (acquisition by source, the funnel): the same horizontal bars, in a colour each. */
  const countBars = (data: Record<string, unknown>[], color: 'blue' | 'violet') => (
    <BarChart
      className="h-56"
      data={data}
      index="name"
      categories={[customersSeries]}
      colors={[color]}
      valueFormatter={count}
      layout="vertical"
      yAxisWidth={labelWidth}
      allowDecimals={false}
      showLegend={false}
      showAnimation={false}
    />
  );

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
      <DashboardChart
        id="revenue"
        title={c.revenueTitle()}
        text={c.revenueText()}
        empty={analytics.trends.revenue.every((r) => r.value === 0)}
        emptyText={c.revenueEmpty()}
        table={{ columns: [c.month(), revenueSeries], rows: revenue.map((r) => ({ key: r.raw.month, cells: [r.month, formatDollars(r.raw.value, locale)] })) }}
      >
        <AreaChart
          className="h-56"
          data={revenue}
          index="month"
          categories={[revenueSeries]}
          colors={['emerald']}
          valueFormatter={(v: number) => formatDollarsCompact(v, locale)}
          yAxisWidth={locale === 'en' ? 56 : 88}
          showLegend={false}
          showAnimation={false}
        />
      </DashboardChart>
      <DashboardChart
        id="pipeline"
        title={c.pipelineTitle()}
        text={c.pipelineText()}
        empty={totalDeals === 0}
        emptyText={c.pipelineEmpty()}
        legend={shown.map((p) => ({ label: `${p.name} (${count(p.count)})`, color: p.color }))}
        table={{
          columns: [c.stage(), c.count(), c.share()],
          rows: stages.map((p) => ({ key: p.stage, cells: [p.name, count(p.count), formatPercent(totalDeals ? (p.count / totalDeals) * 100 : 0, locale)] })),
        }}
      >
        <DonutChart
          className="h-56"
          data={shown}
          category="count"
          index="name"
          colors={shown.map((p) => p.color)}
          valueFormatter={count}
          showAnimation={false}
          showLabel
          label={count(totalDeals)}
        />
      </DashboardChart>
      <DashboardChart
        id="acquisition"
        title={c.acquisitionTitle()}
        text={c.acquisitionText()}
        empty={analytics.acquisition.every((a) => a.count === 0)}
        emptyText={c.acquisitionEmpty()}
        table={{ columns: [c.source(), customersSeries], rows: analytics.acquisition.map((a) => ({ key: a.source, cells: [sourceName(a.source), count(a.count)] })) }}
      >
        {countBars(acquisition, 'blue')}
      </DashboardChart>
      <DashboardChart
        id="funnel"
        title={c.funnelTitle()}
        text={c.funnelText()}
        empty={analytics.funnel.every((f) => f.count === 0)}
        emptyText={c.funnelEmpty()}
        table={{
          columns: [c.stage(), customersSeries, c.share()],
          rows: analytics.funnel.map((f) => {
            const top = analytics.funnel[0]!.count;
            return { key: f.stage, cells: [LL.dashboard.funnel[f.stage](), count(f.count), formatPercent(top ? (f.count / top) * 100 : 0, locale)] };
          }),
        }}
      >
        {countBars(funnel, 'violet')}
      </DashboardChart>
    </SimpleGrid>
  );
}
