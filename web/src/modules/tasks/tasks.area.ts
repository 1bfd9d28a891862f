import { lazy } from 'react';
import type { AdminArea } from '../auth/utils/admin-area.types.ts';
import { ICONS } from '../ui/utils/line-icons.util.ts';
import { TASKS_PATH } from './utils/task-links.util.ts';

/** The Task Manager area; `/admin/tasks/<id>` opens that task's Edit Task dialog over the list. */
export const tasksArea = {
  id: 'tasks',
  label: { en: 'Tasks', ar: 'المهام', fr: 'Tâches' },
  path: TASKS_PATH,
  group: 'sales',
  access: 'crm:own',
  icon: ICONS.tasks,
  namespaces: ['tasks'],
  record: '/:id',
  panel: lazy(() => import('./components/tasks-area.component.tsx')),
} as const satisfies AdminArea;
