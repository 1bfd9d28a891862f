import { Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES } from '@crm/contracts/crm/crm.constants';
import type { TaskView } from '@crm/contracts/tasks/task.input';
import { useEffect, useMemo, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { trpc, type SessionUser } from '../../api/trpc.client.ts';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { useCreateTask } from '../hooks/use-create-task.hook.ts';
import { useTaskCustomerDeals } from '../hooks/use-task-customer-deals.hook.ts';
import { useUpdateTask } from '../hooks/use-update-task.hook.ts';
import { createPayload, newTaskForm, taskToForm, updatePatch, type TaskForm } from '../utils/task-form.util.ts';
import { browserZoneName } from '../utils/task-time.util.ts';
import { TaskCustomerPicker } from './task-customer-picker.component.tsx';

/** What the dialog does: create a task (spec 02 §5 defaults) or edit one. */
export type TaskDialogMode = { kind: 'create' } | { kind: 'edit'; task: TaskView };

interface TaskFormDialogProps {
  /** Null: closed. */
  mode: TaskDialogMode | null;
  user: SessionUser;
  onClose(): void;
}

/**
 * Create Task and Edit Task: one form with every field. The server validates (its field errors show under the
 * fields, its refusals in a toast). The due date and time are the reader's own wall clock (browser time zone,
 * said under the field); the server stores the instant. An edit sends only what changed.
 */
export function TaskFormDialog({ mode, user, onClose }: TaskFormDialogProps) {
  const { LL } = useI18nContext();
  const d = LL.tasks.dialog;
  const open = mode !== null;
  const editing = mode?.kind === 'edit' ? mode.task : null;
  const [initial, setInitial] = useState<TaskForm>(() => newTaskForm(user.id));
  const [form, setForm] = useState<TaskForm>(initial);
  const creator = useCreateTask();
  const updater = useUpdateTask();
  const { errors, pending } = editing ? updater : creator;
  const assignees = trpc.crm.assignees.useQuery(undefined, { enabled: open });
  const deals = useTaskCustomerDeals(open ? (form.customer?.id ?? null) : null);
  const zone = useMemo(() => browserZoneName(), []);

  // A fresh form each time the dialog opens (or opens on another task); a list refetch meanwhile keeps the edits.
  const openKey = mode === null ? null : mode.kind === 'edit' ? mode.task.id : 'create';
  useEffect(() => {
    if (!mode) return;
    const start = mode.kind === 'edit' ? taskToForm(mode.task) : newTaskForm(user.id);
    setInitial(start);
    setForm(start);
    creator.clearErrors();
    updater.clearErrors();
  }, [openKey, user.id]); // only when what is open changes

  const set = <K extends keyof TaskForm>(key: K, value: TaskForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = (field: string) => errors[field]?.join(', ');

  // The assignee list, plus the task's own assignee when the list no longer offers them (deactivated since), and
  // "Unassigned" for a task that has none.
  const people = useMemo(() => {
    const list = assignees.data?.assignees ?? [{ id: user.id, name: user.name, email: user.email }];
    const own = editing?.assignedTo && !list.some((p) => p.id === editing.assignedTo) ? [{ id: editing.assignedTo, name: editing.assignedToName ?? editing.assignedTo }] : [];
    return [...list.map((p) => ({ id: p.id, name: p.name })), ...own];
  }, [assignees.data, user, editing]);

  // The customer's deals, plus the task's own deal when the list does not hold it (deleted since, or no customer).
  const dealOptions = useMemo(() => {
    const list = (deals.data ?? []).map((deal) => ({ id: deal.id, title: deal.title }));
    const own = editing?.dealId && form.dealId === editing.dealId && !list.some((deal) => deal.id === editing.dealId) ? [{ id: editing.dealId, title: editing.dealTitle ?? editing.dealId }] : [];
    return [...list, ...own];
  }, [deals.data, editing, form.dealId]);

  const submit = async () => {
    if (editing) {
      const patch = updatePatch(initial, form);
      if (Object.keys(patch).length === 0) return onClose();
      if (await updater.save({ id: editing.id, ...patch })) onClose();
      return;
    }
    if (await creator.save(createPayload(form))) onClose();
  };

  const testId = editing ? 'task-edit-dialog' : 'task-create-dialog';
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} minH={{ base: '100dvh', md: 'auto' }} borderRadius={{ base: '0', md: 'l3' }}>
            {/* The form inside the dialog (a form element may not carry role="dialog"), laid out as if absent. */}
            <form
              style={{ display: 'contents' }}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Stack gap={1}>
                  <Dialog.Title>{editing ? d.editTitle() : d.title()}</Dialog.Title>
                  <Dialog.Description asChild>
                    <Text fontSize="sm" color="fg.muted">
                      {editing ? d.editDescription() : d.description()}
                    </Text>
                  </Dialog.Description>
                </Stack>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={4}>
                  <Field.Root invalid={!!error('title')} required>
                    <Field.Label>
                      {d.taskTitle()} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input name="title" dir="auto" value={form.title} placeholder={d.taskTitlePlaceholder()} onChange={(e) => set('title', e.currentTarget.value)} data-testid="task-form-title" />
                    <Field.ErrorText data-testid="task-form-error-title">{error('title')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!error('description')}>
                    <Field.Label>{d.taskDescription()}</Field.Label>
                    <Textarea name="description" dir="auto" rows={3} value={form.description} onChange={(e) => set('description', e.currentTarget.value)} data-testid="task-form-description" />
                    <Field.ErrorText data-testid="task-form-error-description">{error('description')}</Field.ErrorText>
                  </Field.Root>
                  <SimpleGrid columns={{ base: 1, sm: 3 }} gap={3}>
                    <LabelledSelect label={d.type()} name="type" value={form.type} options={TASK_TYPES} labelOf={(o) => LL.tasks.types[o]()} onChange={(v) => set('type', v)} testId="task-form-type" />
                    <LabelledSelect label={d.priority()} name="priority" value={form.priority} options={TASK_PRIORITIES} labelOf={(o) => LL.tasks.priorities[o]()} onChange={(v) => set('priority', v)} testId="task-form-priority" />
                    <LabelledSelect label={d.status()} name="status" value={form.status} options={TASK_STATUSES} labelOf={(o) => LL.tasks.statuses[o]()} onChange={(v) => set('status', v)} testId="task-form-status" />
                  </SimpleGrid>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
                    <Field.Root invalid={!!error('assignedTo')}>
                      <Field.Label>{d.assignedTo()}</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field name="assignedTo" value={form.assignedTo} onChange={(e) => set('assignedTo', e.currentTarget.value)} data-testid="task-form-assignee">
                          {form.assignedTo === '' ? <option value="">{d.unassigned()}</option> : null}
                          {people.map((p) => (
                            <option key={p.id} value={p.id}>
                              {p.name}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText data-testid="task-form-error-assignedTo">{error('assignedTo')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!error('dueDate')}>
                      <Field.Label>{d.dueDate()}</Field.Label>
                      <Input size="sm" type="datetime-local" name="dueDate" value={form.dueDate} onChange={(e) => set('dueDate', e.currentTarget.value)} data-testid="task-form-due" />
                      <Field.HelperText data-testid="task-form-due-zone">
                        {d.dueZone({ zone })}
                        {editing ? null : ` · ${d.dueEmpty()}`}
                      </Field.HelperText>
                      <Field.ErrorText data-testid="task-form-error-dueDate">{error('dueDate')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!error('estimatedHours')}>
                      <Field.Label>{d.estimatedHours()}</Field.Label>
                      <Input size="sm" type="number" inputMode="decimal" min={0} step={0.5} name="estimatedHours" value={form.estimatedHours} onChange={(e) => set('estimatedHours', e.currentTarget.value)} data-testid="task-form-hours" />
                      <Field.ErrorText data-testid="task-form-error-estimatedHours">{error('estimatedHours')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!error('tags')}>
                      <Field.Label>{d.tags()}</Field.Label>
                      <Input size="sm" name="tags" dir="auto" value={form.tags} onChange={(e) => set('tags', e.currentTarget.value)} data-testid="task-form-tags" />
                      <Field.HelperText>{d.tagsHint()}</Field.HelperText>
                      <Field.ErrorText>{error('tags')}</Field.ErrorText>
                    </Field.Root>
                  </SimpleGrid>
                  <TaskCustomerPicker customer={form.customer} enabled={open} error={error('customerId')} onChange={(c) => setForm((f) => ({ ...f, customer: c, dealId: '' }))} />
                  {form.customer || form.dealId ? (
                    <Field.Root invalid={!!error('dealId')}>
                      <Field.Label>{d.deal()}</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field name="dealId" value={form.dealId} onChange={(e) => set('dealId', e.currentTarget.value)} data-testid="task-form-deal">
                          <option value="">{d.noDeal()}</option>
                          {dealOptions.map((deal) => (
                            <option key={deal.id} value={deal.id}>
                              {deal.title}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText data-testid="task-form-error-dealId">{error('dealId')}</Field.ErrorText>
                    </Field.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" type="button" onClick={onClose}>
                  {d.cancel()}
                </Button>
                <Button type="submit" colorPalette="blue" loading={pending} data-testid="task-form-submit">
                  {editing ? d.save() : d.submit()}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={LL.common.close()} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
