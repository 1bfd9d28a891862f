import { Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, type TaskPriority, type TaskStatus, type TaskType } from '@crm/contracts/crm/crm.constants';
import { useEffect, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { trpc, type SessionUser } from '../../api/trpc.client.ts';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { useCreateTask } from '../hooks/use-create-task.hook.ts';
import { useTaskCustomerDeals } from '../hooks/use-task-customer-deals.hook.ts';
import { TaskCustomerPicker } from './task-customer-picker.component.tsx';
import { localToday } from '../utils/task-time.util.ts';

interface TaskForm {
  title: string;
  description: string;
  type: TaskType;
  status: TaskStatus;
  priority: TaskPriority;
  assignedTo: string;
  dueDate: string;
  estimatedHours: string;
  tags: string;
  customer: { id: string; name: string } | null;
  dealId: string;
}

/** Spec 02 §5 defaults: type other, status pending, priority medium, assigned to the current user, due today, 0 hours, no tags. */
const initialForm = (user: SessionUser): TaskForm => ({
  title: '',
  description: '',
  type: 'other',
  status: 'pending',
  priority: 'medium',
  assignedTo: user.id,
  dueDate: localToday(),
  estimatedHours: '0',
  tags: '',
  customer: null,
  dealId: '',
});

/** Create Task: a real dialog; the server validates (its field errors show under the fields) and decides the due time. */
export function TaskCreateDialog({ open, user, onClose }: { open: boolean; user: SessionUser; onClose(): void }) {
  const { LL } = useI18nContext();
  const d = LL.tasks.dialog;
  const [form, setForm] = useState<TaskForm>(() => initialForm(user));
  const { create, errors, clearErrors, pending } = useCreateTask();
  const assignees = trpc.crm.assignees.useQuery(undefined, { enabled: open });
  const deals = useTaskCustomerDeals(open ? (form.customer?.id ?? null) : null);

  useEffect(() => {
    if (open) {
      setForm(initialForm(user));
      clearErrors();
    }
  }, [open, user, clearErrors]);

  const set = <K extends keyof TaskForm>(key: K, value: TaskForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = (field: string) => errors[field]?.join(', ');
  const people = assignees.data?.assignees ?? [{ id: user.id, name: user.name, email: user.email }];

  const submit = async () => {
    const ok = await create({
      title: form.title,
      description: form.description,
      type: form.type,
      status: form.status,
      priority: form.priority,
      assignedTo: form.assignedTo || null,
      dueDate: form.dueDate || null,
      estimatedHours: form.estimatedHours === '' ? 0 : Number(form.estimatedHours),
      tags: form.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      customerId: form.customer?.id ?? null,
      dealId: form.customer && form.dealId ? form.dealId : null,
    });
    if (ok) onClose();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="task-create-dialog" minH={{ base: '100dvh', md: 'auto' }} borderRadius={{ base: '0', md: 'l3' }}>
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
                  <Dialog.Title>{d.title()}</Dialog.Title>
                  <Dialog.Description asChild>
                    <Text fontSize="sm" color="fg.muted">
                      {d.description()}
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
                    <Input name="title" value={form.title} placeholder={d.taskTitlePlaceholder()} onChange={(e) => set('title', e.currentTarget.value)} data-testid="task-form-title" />
                    <Field.ErrorText data-testid="task-form-error-title">{error('title')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!error('description')}>
                    <Field.Label>{d.taskDescription()}</Field.Label>
                    <Textarea name="description" rows={3} value={form.description} onChange={(e) => set('description', e.currentTarget.value)} data-testid="task-form-description" />
                    <Field.ErrorText>{error('description')}</Field.ErrorText>
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
                          {people.map((p) => (
                            <option key={p.id} value={p.id}>
                              {p.name}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{error('assignedTo')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!error('dueDate')}>
                      <Field.Label>{d.dueDate()}</Field.Label>
                      <Input size="sm" type="date" name="dueDate" value={form.dueDate} onChange={(e) => set('dueDate', e.currentTarget.value)} data-testid="task-form-due" />
                      <Field.ErrorText>{error('dueDate')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!error('estimatedHours')}>
                      <Field.Label>{d.estimatedHours()}</Field.Label>
                      <Input size="sm" type="number" inputMode="decimal" min={0} step={0.5} name="estimatedHours" value={form.estimatedHours} onChange={(e) => set('estimatedHours', e.currentTarget.value)} data-testid="task-form-hours" />
                      <Field.ErrorText>{error('estimatedHours')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!error('tags')}>
                      <Field.Label>{d.tags()}</Field.Label>
                      <Input size="sm" name="tags" value={form.tags} onChange={(e) => set('tags', e.currentTarget.value)} data-testid="task-form-tags" />
                      <Field.HelperText>{d.tagsHint()}</Field.HelperText>
                      <Field.ErrorText>{error('tags')}</Field.ErrorText>
                    </Field.Root>
                  </SimpleGrid>
                  <TaskCustomerPicker customer={form.customer} enabled={open} error={error('customerId')} onChange={(c) => setForm((f) => ({ ...f, customer: c, dealId: '' }))} />
                  {form.customer ? (
                    <Field.Root invalid={!!error('dealId')}>
                      <Field.Label>{d.deal()}</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field name="dealId" value={form.dealId} onChange={(e) => set('dealId', e.currentTarget.value)} data-testid="task-form-deal">
                          <option value="">{d.noDeal()}</option>
                          {(deals.data ?? []).map((deal) => (
                            <option key={deal.id} value={deal.id}>
                              {deal.title}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{error('dealId')}</Field.ErrorText>
                    </Field.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" type="button" onClick={onClose}>
                  {d.cancel()}
                </Button>
                <Button type="submit" colorPalette="blue" loading={pending} data-testid="task-form-submit">
                  {d.submit()}
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
