import { Box, Button, Checkbox, chakra, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import type { TaskStatus } from '@crm/contracts/crm/crm.constants';
import type { TaskView } from '@crm/contracts/tasks/task.input';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { TableStateRow } from '../../ui/components/table-state-row.component.tsx';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges.component.tsx';
import { TaskDue } from './task-due.component.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { useProgressiveRows } from '../../ui/hooks/use-progressive-rows.hook.ts';

/** A row's title opens Edit Task; its styles are one class for every row (the table can hold 500). */
const TitleButton = chakra('button', {
  base: {
    textAlign: 'start',
    cursor: 'pointer',
    color: 'fg',
    rounded: 'xs',
    focusVisibleRing: 'outside',
    focusRingColor: 'blue.focusRing',
    _hover: { color: 'blue.fg', textDecoration: 'underline' },
  },
});

interface TasksTableProps {
  tasks: TaskView[] | undefined;
  loading: boolean;
  now: Date;
  selected: ReadonlySet<string>;
  pendingId: string | null;
  onToggle(id: string, checked: boolean): void;
  onToggleAll(checked: boolean): void;
  onSetStatus(task: TaskView, status: TaskStatus): void;
  /** Opens the Edit Task dialog (the row's Edit action and its title). */
  onEdit(task: TaskView): void;
  /** Asks before deleting the row. */
  onDelete(task: TaskView): void;
}

/** A row's actions, the same functions for the table's whole life (rows re-render only when their own props change). */
interface RowActions {
  toggle(id: string, checked: boolean): void;
  setStatus(task: TaskView, status: TaskStatus): void;
  edit(task: TaskView): void;
  remove(task: TaskView): void;
}

interface TaskRowProps {
  task: TaskView;
  checked: boolean;
  /** This row's action is in flight. */
  busy: boolean;
  /** Some row's action is in flight: every row's actions wait. */
  locked: boolean;
  now: Date;
  actions: RowActions;
}

/** The same fields (tags compared one by one): another query's answer brings new objects for the same tasks. */
function sameTask(a: TaskView, b: TaskView): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof TaskView)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = a[key];
    const y = b[key];
    return x === y || (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i]));
  });
}

const sameRow = (p: TaskRowProps, n: TaskRowProps) =>
  p.checked === n.checked && p.busy === n.busy && p.locked === n.locked && p.now === n.now && p.actions === n.actions && sameTask(p.task, n.task);

/**
 * One task's row. Memoised: with 500 rows a page, re-rendering them all for a keystroke in the search, a checkbox
 * or the bulk bar took a second or more on a 2-core machine; now only the rows whose task (its fields, not the
 * object: a search that finds rows already shown answers with new objects), selection or pending state changed
 * render again (all of them once a minute, when `now` moves).
 */
const TaskRow = memo(function TaskRow({ task, checked, busy, locked, now, actions }: TaskRowProps) {
  const { LL } = useI18nContext();
  const t = LL.tasks.table;
  const a = LL.tasks.actions;
  return (
    <Table.Row data-testid="task-row" data-task-id={task.id} data-selected={checked || undefined} bg={checked ? 'blue.subtle' : undefined}>
      <Table.Cell width="1%">
        <Checkbox.Root size="sm" checked={checked} onCheckedChange={(d) => actions.toggle(task.id, d.checked === true)} data-testid="task-select">
          <Checkbox.HiddenInput aria-label={t.selectTask({ title: task.title })} />
          <Checkbox.Control />
        </Checkbox.Root>
      </Table.Cell>
      <Table.Cell minW="9rem" maxW="16rem" whiteSpace="normal" overflowWrap="break-word">
        <Stack gap={0.5}>
          <Text fontWeight="medium" data-testid="task-title" textDecoration={task.status === 'completed' ? 'line-through' : undefined}>
            <TitleButton type="button" onClick={() => actions.edit(task)} data-testid="task-open">
              <DataText>{task.title}</DataText>
            </TitleButton>
          </Text>
          {task.description ? (
            <Text fontSize="xs" color="fg.muted" lineClamp={2} dir="auto" textAlign="start">
              {task.description}
            </Text>
          ) : null}
          {task.tags.length > 0 || task.estimatedHours > 0 ? (
            <Wrap gap={1}>
              {task.tags.map((tag) => (
                <Box key={tag} as="span" fontSize="2xs" px={1.5} rounded="sm" bg="bg.muted" color="fg.muted">
                  <DataText>{tag}</DataText>
                </Box>
              ))}
              {task.estimatedHours > 0 ? (
                <Text as="span" fontSize="2xs" color="fg.muted">
                  {t.estimate({ hours: task.estimatedHours })}
                </Text>
              ) : null}
            </Wrap>
          ) : null}
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <TaskStatusBadge status={task.status} />
      </Table.Cell>
      <Table.Cell>
        <TaskPriorityBadge priority={task.priority} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{LL.tasks.types[task.type]()}</Table.Cell>
      <Table.Cell maxW="13rem" whiteSpace="normal" overflowWrap="break-word">
        {task.customerName || task.dealTitle ? (
          <Stack gap={0}>
            {task.customerName ? (
              <Text fontSize="sm">
                <DataText>{task.customerName}</DataText>
                {task.customerCompany ? (
                  <Text as="span" color="fg.muted">
                    {' '}
                    · <DataText>{task.customerCompany}</DataText>
                  </Text>
                ) : null}
              </Text>
            ) : null}
            {task.dealTitle ? (
              <Text fontSize="xs" color="fg.muted">
                <DataText>{task.dealTitle}</DataText>
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Text color="fg.muted">{LL.common.notAvailable()}</Text>
        )}
      </Table.Cell>
      <Table.Cell whiteSpace="normal">{task.assignedToName ? <DataText>{task.assignedToName}</DataText> : LL.tasks.dialog.unassigned()}</Table.Cell>
      <Table.Cell>
        <TaskDue task={task} now={now} />
      </Table.Cell>
      <Table.Cell>
        <Wrap gap={1.5} minW="9rem" maxW="11rem">
          {task.status !== 'completed' ? (
            <Button size="xs" colorPalette="green" variant="outline" loading={busy} disabled={locked} aria-label={a.completeLabel({ title: task.title })} onClick={() => actions.setStatus(task, 'completed')} data-testid="task-complete">
              {a.complete()}
            </Button>
          ) : null}
          {task.status === 'pending' ? (
            <Button size="xs" colorPalette="blue" variant="outline" disabled={locked} aria-label={a.startLabel({ title: task.title })} onClick={() => actions.setStatus(task, 'in_progress')} data-testid="task-start">
              {a.start()}
            </Button>
          ) : null}
          {task.status === 'in_progress' ? (
            <Button size="xs" colorPalette="yellow" variant="outline" disabled={locked} aria-label={a.pauseLabel({ title: task.title })} onClick={() => actions.setStatus(task, 'pending')} data-testid="task-pause">
              {a.pause()}
            </Button>
          ) : null}
          <Button size="xs" variant="outline" disabled={locked} aria-label={a.editLabel({ title: task.title })} onClick={() => actions.edit(task)} data-testid="task-edit">
            {a.edit()}
          </Button>
          <Button size="xs" colorPalette="red" variant="outline" disabled={locked} aria-label={a.deleteLabel({ title: task.title })} onClick={() => actions.remove(task)} data-testid="task-delete">
            {a.delete()}
          </Button>
        </Wrap>
      </Table.Cell>
    </Table.Row>
  );
}, sameRow);

/** The task table: a checkbox column, badges, due date with time left, and each row's own actions (its title opens it for editing). */
export function TasksTable({ tasks, loading, now, selected, pendingId, onToggle, onToggleAll, onSetStatus, onEdit, onDelete }: TasksTableProps) {
  const { LL } = useI18nContext();
  const t = LL.tasks.table;
  const columns = [t.task(), t.status(), t.priority(), t.type(), t.related(), t.assignee(), t.due(), t.actions()];
  const rows = tasks ?? [];
  const allChecked = rows.length > 0 && rows.every((task) => selected.has(task.id));
  const someChecked = !allChecked && rows.some((task) => selected.has(task.id));
  // A new page of up to 500 rows renders 50 at a time (each row is a few dozen Chakra components).
  const visible = useProgressiveRows(rows);

  // The latest handlers behind functions that never change, so the memoised rows need not render for new closures.
  const latest = useRef({ onToggle, onSetStatus, onEdit, onDelete });
  useLayoutEffect(() => {
    latest.current = { onToggle, onSetStatus, onEdit, onDelete };
  });
  const actions = useMemo<RowActions>(
    () => ({
      toggle: (id, checked) => latest.current.onToggle(id, checked),
      setStatus: (task, status) => latest.current.onSetStatus(task, status),
      edit: (task) => latest.current.onEdit(task),
      remove: (task) => latest.current.onDelete(task),
    }),
    [],
  );

  return (
    <Box bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="sm" interactive data-testid="tasks-table">
          <Table.Caption srOnly>{t.caption()}</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader width="1%" py={3}>
                <Checkbox.Root
                  size="sm"
                  checked={allChecked ? true : someChecked ? 'indeterminate' : false}
                  disabled={rows.length === 0}
                  onCheckedChange={(d) => onToggleAll(d.checked === true)}
                  data-testid="task-select-all"
                >
                  <Checkbox.HiddenInput aria-label={t.selectAll()} />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              {/* Table.ScrollArea makes every cell nowrap: the headers, names and the actions wrap when the table
                  needs the room, so that at 1280 px the row actions are not pushed behind a scroll bar. */}
              {columns.map((label) => (
                <Table.ColumnHeader key={label} py={3} whiteSpace="normal">
                  {label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loading && !tasks ? (
              <TableStateRow colSpan={columns.length + 1} text={t.loading()} testId="tasks-loading" />
            ) : rows.length === 0 ? (
              <TableStateRow colSpan={columns.length + 1} text={t.empty()} testId="tasks-empty" />
            ) : (
              visible.map((task) => (
                <TaskRow key={task.id} task={task} checked={selected.has(task.id)} busy={pendingId === task.id} locked={pendingId !== null} now={now} actions={actions} />
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
