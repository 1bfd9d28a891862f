import { choiceOfSearch } from '../../ui/utils/search-param.util.ts';

/** The Integrations area's tabs (spec 02), in order; `?tab=` in the URL selects one. */
export const INTEGRATIONS_TABS = ['marketplace', 'mine', 'apiKeys', 'webhooks', 'apiLogs'] as const;
export type IntegrationsTab = (typeof INTEGRATIONS_TABS)[number];
export const DEFAULT_INTEGRATIONS_TAB: IntegrationsTab = 'marketplace';

export const integrationsTabOfSearch = (search: string): IntegrationsTab => choiceOfSearch(search, 'tab', INTEGRATIONS_TABS, DEFAULT_INTEGRATIONS_TAB);

/** The cards refresh this often. */
export const INTEGRATIONS_REFRESH_MS = 30_000;
