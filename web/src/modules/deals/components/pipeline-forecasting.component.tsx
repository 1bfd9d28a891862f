import { Tabs } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { PipelineMetrics } from './pipeline-metrics.component.tsx';
import { RevenueForecast } from './revenue-forecast.component.tsx';

/**
 * Automation & Forecasting (spec 02 §2). Automation Rules come with the workflow engine and are not shown
 * yet; Revenue Forecasting and Pipeline Metrics read real deals.
 */
export function PipelineForecasting() {
  const { LL } = useI18nContext();
  return (
    <Tabs.Root defaultValue="revenue" variant="line" lazyMount unmountOnExit>
      <Tabs.List aria-label={LL.deals.forecasting.tabsLabel()} mb={4}>
        <Tabs.Trigger value="revenue" data-testid="pipeline-forecasting-tab-revenue">
          {LL.deals.forecasting.revenue()}
        </Tabs.Trigger>
        <Tabs.Trigger value="metrics" data-testid="pipeline-forecasting-tab-metrics">
          {LL.deals.forecasting.metrics()}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="revenue" p={0}>
        <RevenueForecast />
      </Tabs.Content>
      <Tabs.Content value="metrics" p={0}>
        <PipelineMetrics />
      </Tabs.Content>
    </Tabs.Root>
  );
}
