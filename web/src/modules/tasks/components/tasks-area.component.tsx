import { useRoute } from 'wouter';
import type { AdminAreaPanelProps } from '../../auth/utils/admin-area.types.ts';
import { useRecordRoute } from '../../ui/hooks/use-record-route.hook.ts';
import { taskPath, TASKS_PATH } from '../utils/task-links.util.ts';
import { TasksTab } from './tasks-tab.component.tsx';

/**
 * The Task Manager area (lazy chunk): the list, and `/admin/tasks/<id>` opens that task's Edit Task dialog over
 * it. Opening pushes the URL (reload keeps it, Back closes it, the link can be shared); closing goes back to the list.
 */
export default function TasksArea({ user }: AdminAreaPanelProps) {
  const [, params] = useRoute<{ id: string }>(`${TASKS_PATH}/:id`);
  const { open, close } = useRecordRoute(TASKS_PATH);
  return <TasksTab user={user} editingId={params?.id ?? null} onEdit={(id) => open(taskPath(id))} onCloseEdit={close} />;
}
