import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';

/** A plug (24×24 line icon). */
const PLUG_ICON = 'M9 2v5 M15 2v5 M6 7h12v4a6 6 0 0 1-12 0z M12 17v5';

/** The Integrations area (issue 15; spec 02 "Integration Marketplace"): marketplace, API keys, webhooks, API logs. */
export const integrationsArea = {
  id: 'integrations',
  label: { en: 'Integrations', ar: 'التكاملات', fr: 'Intégrations' },
  path: '/admin/integrations',
  group: 'admin',
  access: 'integrations:manage',
  icon: PLUG_ICON,
  namespaces: ['integrations'],
  panel: lazy(() => import('./components/integrations-area.component.tsx')),
} as const satisfies AdminArea;
