import { Button, Spinner, Stack, Tabs } from '@chakra-ui/react';
import { Suspense, lazy, useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { useIntegrationsSummary } from '../hooks/use-integrations.hook.ts';
import { INTEGRATIONS_TABS, integrationsTabOfSearch, type IntegrationsTab } from '../utils/integrations-tabs.util.ts';
import { ExternalTabPanel } from './external-tab.component.tsx';
import { IntegrationsSummaryCards } from './integrations-summary-cards.component.tsx';
import { MarketplaceTab } from './marketplace-tab.component.tsx';
import { AreaHeader } from '../../ui/components/area-header.component.tsx';

// The API Documentation page (`?view=docs`): its own chunk, Swagger UI inside loaded only there.
const ApiDocsPage = lazy(() => import('./api-docs-page.component.tsx').then((m) => ({ default: m.ApiDocsPage })));

/**
 * The Integrations area (issue 15; spec 02 "Integration Marketplace"): API Documentation and Custom Integration in
 * the header, four computed cards, and the tabs Marketplace, My Integrations, API Keys, Webhooks and API Logs,
 * the tab in the URL (`?tab=`).
 */
export default function IntegrationsArea() {
  const { LL } = useI18nContext();
  const t = LL.integrations.area;
  const summary = useIntegrationsSummary();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab = integrationsTabOfSearch(search);
  const selectTab = useCallback((next: IntegrationsTab) => navigate(`${location}?tab=${next}`, { replace: true }), [location, navigate]);
  if (new URLSearchParams(search).get('view') === 'docs') {
    return (
      <Suspense fallback={<Spinner size="sm" />}>
        <ApiDocsPage />
      </Suspense>
    );
  }

  return (
    <Stack gap={5} data-testid="integrations">
      <AreaHeader
        title={t.title()}
        subtitle={t.subtitle()}
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => navigate(`${location}?view=docs`)} data-testid="integrations-api-docs">
              {t.apiDocs()}
            </Button>
            {/* A custom integration is built on the REST API with a key: the API Keys tab. */}
            <Button size="sm" colorPalette="blue" onClick={() => selectTab('apiKeys')} data-testid="integrations-custom">
              {t.customIntegration()}
            </Button>
          </>
        }
      />
      {summary.isError ? (
        <LoadErrorAlert title={LL.integrations.marketplace.loadFailed()} onRetry={() => void summary.refetch()} testId="integrations-summary-error" />
      ) : (
        <IntegrationsSummaryCards summary={summary.data} />
      )}
      <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value as IntegrationsTab)} variant="line" lazyMount unmountOnExit>
        <Tabs.List aria-label={t.tabsLabel()} overflowX="auto" flexWrap={{ base: 'nowrap', md: 'wrap' }}>
          {INTEGRATIONS_TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} whiteSpace="nowrap" flexShrink={0} data-testid={`integrations-tab-${id}`}>
              {t.tabs[id]()}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="marketplace">
          <MarketplaceTab mine={false} onOpenWebhooks={() => selectTab('webhooks')} />
        </Tabs.Content>
        <Tabs.Content value="mine">
          <MarketplaceTab mine onOpenWebhooks={() => selectTab('webhooks')} />
        </Tabs.Content>
        <Tabs.Content value="apiKeys">
          <ExternalTabPanel tab="apiKeys" />
        </Tabs.Content>
        <Tabs.Content value="webhooks">
          <ExternalTabPanel tab="webhooks" />
        </Tabs.Content>
        <Tabs.Content value="apiLogs">
          <ExternalTabPanel tab="apiLogs" />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
