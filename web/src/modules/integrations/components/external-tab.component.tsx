import { Spinner, Text } from '@chakra-ui/react';
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

export type ExternalIntegrationsTab = 'apiKeys' | 'webhooks' | 'apiLogs';

/**
 * The tabs other parts of the area bring (API Keys, Webhooks, API Logs): each a component with no props in this
 * folder, loaded as its own chunk when its tab opens. A part not built yet says so.
 */
const TABS: Partial<Record<ExternalIntegrationsTab, LazyExoticComponent<ComponentType>>> = {
  apiKeys: lazy(() => import('./api-keys-tab.component.tsx').then((m) => ({ default: m.ApiKeysTab }))),
  webhooks: lazy(() => import('./webhooks-tab.component.tsx').then((m) => ({ default: m.WebhooksTab }))),
  apiLogs: lazy(() => import('./api-logs-tab.component.tsx').then((m) => ({ default: m.ApiLogsTab }))),
};

export function ExternalTabPanel({ tab }: { tab: ExternalIntegrationsTab }) {
  const { LL } = useI18nContext();
  const Component = TABS[tab];
  if (!Component) {
    return (
      <Text color="fg.muted" data-testid={`integrations-${tab}-unavailable`}>
        {LL.integrations.area.unavailable()}
      </Text>
    );
  }
  return (
    <Suspense fallback={<Spinner size="sm" />}>
      <Component />
    </Suspense>
  );
}
