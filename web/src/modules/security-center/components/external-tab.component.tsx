import { Spinner, Text } from '@chakra-ui/react';
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

/**
 * The tabs other parts of the Security Center bring (Security Alerts, Access Control, Security Policies): each a
 * component with no props in this folder, loaded as its own chunk. A tab whose component is not in the build
 * says so instead of failing.
 */
const modules = import.meta.glob<Record<string, unknown>>(['./alerts-tab.component.tsx', './access-control-tab.component.tsx', './policies-tab.component.tsx']);

export type ExternalTab = 'alerts' | 'access' | 'policies';
const FILES: Record<ExternalTab, string> = {
  alerts: './alerts-tab.component.tsx',
  access: './access-control-tab.component.tsx',
  policies: './policies-tab.component.tsx',
};

/** The module's default export, else its first exported component. */
function componentOf(mod: Record<string, unknown>): ComponentType {
  const found = (mod.default ?? Object.values(mod).find((v) => typeof v === 'function')) as ComponentType | undefined;
  if (!found) throw new Error('tab module exports no component');
  return found;
}

const lazyTabs = new Map<ExternalTab, LazyExoticComponent<ComponentType>>();
function tabComponent(tab: ExternalTab): LazyExoticComponent<ComponentType> | null {
  const load = modules[FILES[tab]];
  if (!load) return null;
  let component = lazyTabs.get(tab);
  if (!component) {
    component = lazy(async () => ({ default: componentOf(await load()) }));
    lazyTabs.set(tab, component);
  }
  return component;
}

export function ExternalTabPanel({ tab }: { tab: ExternalTab }) {
  const { LL } = useI18nContext();
  const Component = tabComponent(tab);
  if (!Component) {
    return (
      <Text color="fg.muted" py={6} data-testid={`security-tab-${tab}-unavailable`}>
        {LL.securityCenter.tabs.unavailable()}
      </Text>
    );
  }
  return (
    <Suspense fallback={<Spinner size="sm" />}>
      <Component />
    </Suspense>
  );
}
