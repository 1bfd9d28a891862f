import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { TASK_LIST_MAX, type TaskBulkResult, type TaskView } from '@crm/contracts/tasks/task.input';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { SessionUser } from '../../api/trpc.client.ts';
import { Pager } from '../../ui/components/pager.component.tsx';
import { usePagedFilters } from '../../ui/hooks/use-paged-filters.hook.ts';
import { toastError } from '../../ui/utils/app-toaster.util.ts';
import { useBulkTasks } from '../hooks/use-bulk-tasks.hook.ts';
import { useNow } from '../hooks/use-now.hook.ts';
import { useTask } from '../hooks/use-task.hook.ts';
import { useTaskRowActions } from '../hooks/use-task-row-actions.hook.ts';
import { useTasksList } from '../hooks/use-tasks-list.hook.ts';
import { DEFAULT_TASK_FILTERS, type TaskFilters } from '../utils/task-filters.util.ts';
import { TaskBulkBar } from './task-bulk-bar.component.tsx';
import { TaskDeleteDialog } from './task-delete-dialog.component.tsx';
import { TaskFormDialog, type TaskDialogMode } from './task-form-dialog.component.tsx';
import { TaskFiltersBar } from './task-filters.component.tsx';
import { TaskStatsTiles } from './task-stats.component.tsx';
import { TasksTable } from './tasks-table.component.tsx';

interface TasksTabProps {
  user: SessionUser;
  /** The task whose Edit Task dialog is open (its deep link), or null. */
  editingId: string | null;
  onEdit(id: string): void;
  onCloseEdit(): void;
}

/** The admin Tasks tab: the Task Manager (spec 02 §2); a row's title or Edit opens Edit Task, a row's Delete asks first. */
export function TasksTab({ user, editingId, onEdit, onCloseEdit }: TasksTabProps) {
  const { LL } = useI18nContext();
  const { filters, setFilters, page, setPage, search } = usePagedFilters<TaskFilters>(DEFAULT_TASK_FILTERS);
  const list = useTasksList({ ...filters, search }, page);
  const now = useNow();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TaskView | null>(null);

  // Spec 02 §8: a failed fetch shows the error toast and empties the list.
  useEffect(() => {
    if (list.isError) toastError(LL, LL.tasks.toasts.fetchFailed());
  }, [list.isError, list.errorUpdatedAt, LL]);
  const tasks = list.isError ? [] : list.data?.tasks;
  const stats = list.isError ? undefined : list.data?.stats;

  // Selection never holds a task the list no longer shows.
  const visible = useMemo(() => new Set((tasks ?? []).map((t) => t.id)), [tasks]);
  useEffect(() => {
    setSelected((current) => {
      const kept = [...current].filter((id) => visible.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [visible]);

  const toggle = useCallback((id: string, checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((checked: boolean) => setSelected(checked ? new Set(visible) : new Set()), [visible]);

  const onDeleted = useCallback((id: string) => toggle(id, false), [toggle]);
  const rowActions = useTaskRowActions({ onDeleted });
  const onBulkDone = useCallback((result: TaskBulkResult) => {
    const done = new Set(result.succeeded);
    setSelected((current) => new Set([...current].filter((id) => !done.has(id))));
  }, []);
  const bulk = useBulkTasks({ onDone: onBulkDone });

  // The task being edited: the row on screen, else fetched (a deep link to a task on another page or filtered out).
  const listed = editingId ? tasks?.find((t) => t.id === editingId) : undefined;
  const fetched = useTask(editingId && !listed && list.isFetched ? editingId : null);
  const editing = listed ?? fetched.data ?? null;
  useEffect(() => {
    if (!fetched.isError) return;
    toastError(LL, LL.tasks.toasts.updateFailed(), LL.tasks.errors.task_not_found());
    onCloseEdit();
  }, [fetched.isError, LL, onCloseEdit]);
  const dialog: TaskDialogMode | null = editing ? { kind: 'edit', task: editing } : creating ? { kind: 'create' } : null;
  const closeDialog = useCallback(() => (editingId ? onCloseEdit() : setCreating(false)), [editingId, onCloseEdit]);

  return (
    <Stack gap={5} data-testid="task-manager">
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap={3}>
        <Stack gap={1}>
          <Heading as="h2" size="lg">
            {LL.tasks.title()}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {LL.tasks.subtitle()}
          </Text>
        </Stack>
        <Button colorPalette="blue" onClick={() => setCreating(true)} data-testid="task-create">
          {LL.tasks.create()}
        </Button>
      </Flex>
      <TaskStatsTiles stats={stats} />
      <TaskFiltersBar filters={filters} onChange={setFilters} />
      <TaskBulkBar selected={selected.size} pendingAction={bulk.pendingAction} onAction={(action) => void bulk.run([...selected], action)} />
      <TasksTable
        tasks={tasks}
        loading={list.isPending}
        now={now}
        selected={selected}
        pendingId={rowActions.pendingId}
        onToggle={toggle}
        onToggleAll={toggleAll}
        onSetStatus={(task, status) => void rowActions.setStatus(task, status)}
        onEdit={(task) => onEdit(task.id)}
        onDelete={setDeleting}
      />
      {stats ? <Pager page={page} pageSize={TASK_LIST_MAX} total={stats.total} labels={LL.tasks.pager} testId="tasks-pager" onPage={setPage} /> : null}
      <TaskFormDialog mode={dialog} user={user} onClose={closeDialog} />
      <TaskDeleteDialog
        task={deleting}
        pending={deleting !== null && rowActions.pendingId === deleting.id}
        onClose={() => setDeleting(null)}
        onConfirm={(task) => void rowActions.deleteTask(task).then(() => setDeleting(null))}
      />
    </Stack>
  );
}
