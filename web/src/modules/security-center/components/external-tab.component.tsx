import { Spinner } from '@chakra-ui/react';
import { Suspense, lazy } from 'react';

/**
 * The tabs other parts of the Security Center bring (Security Alerts, Access Control, Security Policies): each a
 * component with no props in this folder, loaded as its own chunk when its tab opens.
 */
const TABS = {
  alerts: lazy(() => import('./alerts-tab.component.tsx').then((m) => ({ default: m.AlertsTab }))),
  access: lazy(() => import('./access-control-tab.component.tsx').then((m) => ({ default: m.AccessControlTab }))),
  policies: lazy(() => import('./policies-tab.component.tsx').then((m) => ({ default: m.PoliciesTab }))),
};

export type ExternalTab = keyof typeof TABS;

export function ExternalTabPanel({ tab }: { tab: ExternalTab }) {
  const Component = TABS[tab];
  return (
    <Suspense fallback={<Spinner size="sm" />}>
      <Component />
    </Suspense>
  );
}
