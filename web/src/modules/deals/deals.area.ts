import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';
import { ICONS } from '../ui/utils/line-icons.util.ts';
import { PIPELINE_PATH } from './utils/deal-links.util.ts';

/** The Pipeline area (deals on a Kanban, forecasting); `/admin/pipeline/deals/<id>` opens that deal over the board. */
export const pipelineArea = {
  id: 'pipeline',
  label: { en: 'Pipeline', ar: 'مسار المبيعات', fr: 'Pipeline' },
  path: PIPELINE_PATH,
  group: 'sales',
  access: 'crm:own',
  icon: ICONS.pipeline,
  namespaces: ['deals'],
  record: '/deals/:id',
  panel: lazy(() => import('./components/pipeline-area.component.tsx')),
} as const satisfies AdminArea;
