import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Suspense, lazy } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { SessionUser } from '../../api/trpc.client.ts';
import { PageLoader } from '../../ui/components/page-loader.component.tsx';
import { PipelineKanban } from './pipeline-kanban.component.tsx';

// The charts (Tremor on recharts, and their Tailwind CSS) are their own chunk, loaded when the view opens.
const PipelineForecasting = lazy(() => import('./pipeline-forecasting.component.tsx').then((m) => ({ default: m.PipelineForecasting })));

/** The admin Pipeline tab (spec 02 §2): Kanban View | Automation & Forecasting. */
export function PipelineTab(_props: { user: SessionUser }) {
  const { LL } = useI18nContext();
  return (
    <Stack gap={4}>
      <Stack gap={1}>
        <Heading as="h2" size="lg">
          {LL.deals.title()}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {LL.deals.subtitle()}
        </Text>
      </Stack>
      <Tabs.Root defaultValue="kanban" variant="enclosed" lazyMount unmountOnExit>
        <Tabs.List aria-label={LL.deals.views.label()} mb={4}>
          <Tabs.Trigger value="kanban" data-testid="pipeline-view-kanban">
            {LL.deals.views.kanban()}
          </Tabs.Trigger>
          <Tabs.Trigger value="forecasting" data-testid="pipeline-view-forecasting">
            {LL.deals.views.forecasting()}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="kanban" p={0}>
          <PipelineKanban />
        </Tabs.Content>
        <Tabs.Content value="forecasting" p={0}>
          <Suspense fallback={<PageLoader />}>
            <PipelineForecasting />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
