import { Button, Flex, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { allows } from '@crm/contracts/identity/permissions';
import { Suspense, lazy, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { SessionUser } from '../../api/trpc.client.ts';
import { PageLoader } from '../../ui/components/page-loader.component.tsx';
import { DeletedDeals } from './deleted-deals.component.tsx';
import { PipelineKanban } from './pipeline-kanban.component.tsx';

// The charts (Tremor on recharts, and their Tailwind CSS) are their own chunk, loaded when the view opens.
const PipelineForecasting = lazy(() => import('./pipeline-forecasting.component.tsx').then((m) => ({ default: m.PipelineForecasting })));

/** The admin Pipeline tab (spec 02 §2): Kanban View | Automation & Forecasting; admins may show the deleted deals to restore one. */
export function PipelineTab({ user }: { user: SessionUser }) {
  const { LL } = useI18nContext();
  const canRestore = allows(user.userType, 'crm:restore');
  const [showDeleted, setShowDeleted] = useState(false);
  const deletedView = canRestore && showDeleted;
  return (
    <Stack gap={4}>
      <Flex gap={3} align="flex-start" wrap="wrap">
        <Stack gap={1}>
          <Heading as="h2" size="lg">
            {deletedView ? LL.deals.deleted.title() : LL.deals.title()}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {LL.deals.subtitle()}
          </Text>
        </Stack>
        {canRestore ? (
          <Button size="sm" variant="outline" ms="auto" aria-pressed={deletedView} onClick={() => setShowDeleted((v) => !v)} data-testid="pipeline-show-deleted">
            {deletedView ? LL.deals.deleted.hide() : LL.deals.deleted.show()}
          </Button>
        ) : null}
      </Flex>
      {deletedView ? (
        <DeletedDeals />
      ) : (
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
      )}
    </Stack>
  );
}
