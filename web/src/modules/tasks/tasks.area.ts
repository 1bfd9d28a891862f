import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';
import { ICONS } from '../ui/utils/line-icons.util.ts';

/** The Task Manager area. */
export const tasksArea = {
  id: 'tasks',
  path: '/admin/tasks',
  group: 'sales',
  access: 'crm:own',
  icon: ICONS.tasks,
  namespaces: ['tasks'],
  panel: lazy(() => import('./components/tasks-tab.component.tsx').then((m) => ({ default: m.TasksTab }))),
} as const satisfies AdminArea;
