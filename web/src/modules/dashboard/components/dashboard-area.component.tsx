import { Button, Flex, Group, Heading, Skeleton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { allows } from '@crm/contracts/identity/permissions';
import { DASHBOARD_PERIODS, DASHBOARD_PERIOD_DEFAULT, type DashboardPeriod } from '@crm/contracts/dashboard/dashboard.input';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { AdminAreaPanelProps } from '../../auth/utils/admin-area.types.ts';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { useDashboardAnalytics } from '../hooks/use-dashboard-analytics.hook.ts';
import { formatTime } from '../utils/dashboard-format.util.ts';
import { DashboardCharts } from './dashboard-charts.component.tsx';
import { DashboardKpis } from './dashboard-kpis.component.tsx';
import { RecentActivity } from './recent-activity.component.tsx';

/**
 * The Dashboard (issue 13; spec 02 "Enhanced Dashboard"), the landing area of `/admin`: period (7, 30, 90 days),
 * Refresh, last-updated time, four KPI cards, four charts and Recent Activity. It refreshes every 30 s in the
 * background (no spinner) and reloads when the period changes; a failed load shows an error with Retry (never demo
 * figures).
 */
export default function DashboardArea({ user }: AdminAreaPanelProps) {
  const { LL, locale } = useI18nContext();
  const [period, setPeriod] = useState<DashboardPeriod>(DASHBOARD_PERIOD_DEFAULT);
  const query = useDashboardAnalytics(period);
  const data = query.data;
  // Another period's figures stay (dimmed) while this one loads.
  const switching = query.isPlaceholderData;

  return (
    <Stack gap={5} data-testid="dashboard">
      <Flex gap={3} justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} direction={{ base: 'column', md: 'row' }}>
        <Stack gap={1}>
          <Heading as="h2" size="lg">
            {LL.dashboard.title()}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {LL.dashboard.subtitle()} · {allows(user.userType, 'crm:all') ? LL.dashboard.scopeAll() : LL.dashboard.scopeOwn()}
          </Text>
        </Stack>
        <Flex gap={3} align="center" wrap="wrap">
          <Group attached role="group" aria-label={LL.dashboard.period.label()}>
            {DASHBOARD_PERIODS.map((p) => (
              <Button
                key={p}
                size="sm"
                variant={p === period ? 'solid' : 'outline'}
                aria-pressed={p === period}
                onClick={() => setPeriod(p)}
                data-testid={`dashboard-period-${p}`}
              >
                {LL.dashboard.period.days({ days: p })}
              </Button>
            ))}
          </Group>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="dashboard-refresh">
            {LL.dashboard.refresh()}
          </Button>
        </Flex>
      </Flex>
      <Text fontSize="xs" color="fg.muted" aria-live="polite" data-testid="dashboard-updated" mt={-3}>
        {query.dataUpdatedAt ? `${LL.dashboard.lastUpdated({ time: formatTime(query.dataUpdatedAt, locale) })} · ${LL.dashboard.autoRefresh()}` : LL.dashboard.autoRefresh()}
      </Text>

      {query.isError ? <LoadErrorAlert title={LL.dashboard.loadFailed()} detail={query.error.message} onRetry={() => void query.refetch()} testId="dashboard-error" /> : null}

      {data ? (
        <Stack gap={5} opacity={switching ? 0.6 : 1} transition="opacity 0.2s" aria-busy={switching} data-testid="dashboard-content" data-period={data.period}>
          <DashboardKpis summary={data.summary} />
          <DashboardCharts analytics={data} />
          <RecentActivity items={data.recentActivity} now={query.dataUpdatedAt || Date.now()} />
        </Stack>
      ) : query.isPending ? (
        <Stack gap={5} data-testid="dashboard-loading">
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap={4}>
            {[0, 1, 2, 3].map((k) => (
              <Skeleton key={k} h="8rem" rounded="lg" />
            ))}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
            {[0, 1, 2, 3].map((k) => (
              <Skeleton key={k} h="18rem" rounded="lg" />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
