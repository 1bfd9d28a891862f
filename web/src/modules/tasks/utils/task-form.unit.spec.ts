import type { TaskView } from '@crm/contracts/tasks/task.input';
import { describe, expect, it } from 'vitest';
import { createPayload, newTaskForm, taskToForm, updatePatch } from './task-form.util.ts';

const task: TaskView = {
  id: '7f1c1f7e-0000-4000-8000-000000000001',
  title: 'Call Ada',
  description: 'About the renewal',
  type: 'call',
  status: 'pending',
  priority: 'high',
  assignedTo: 'u1',
  assignedToName: 'Mona',
  customerId: 'c1',
  customerName: 'Ada',
  customerCompany: null,
  dealId: 'd1',
  dealTitle: 'Licence',
  dueDate: '2031-03-04T09:30:15.000Z',
  estimatedHours: 1.5,
  tags: ['vip', 'q1'],
  completedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the Edit Task patch', () => {
  it('is empty when nothing changed (a due date stored to the second is not rounded to the minute)', () => {
    const form = taskToForm(task);
    expect(updatePatch(form, { ...form })).toEqual({});
    expect(updatePatch(form, { ...form, tags: ' vip ,q1, vip', estimatedHours: '1.50' })).toEqual({});
  });

  it('holds only the changed fields; empty clears (null), the deal goes with a changed customer', () => {
    const form = taskToForm(task);
    expect(updatePatch(form, { ...form, title: 'Call Ada again', priority: 'urgent' })).toEqual({ title: 'Call Ada again', priority: 'urgent' });
    expect(updatePatch(form, { ...form, description: '  ', dueDate: '', tags: '', estimatedHours: '' })).toEqual({ description: null, dueDate: null, tags: [], estimatedHours: 0 });
    expect(updatePatch(form, { ...form, customer: null, dealId: '' })).toEqual({ customerId: null, dealId: null });
    const moved = updatePatch(form, { ...form, dueDate: '2031-05-06T14:45' });
    expect(moved.dueDate).toBe(new Date('2031-05-06T14:45').toISOString());
  });
});

describe('the Create Task payload', () => {
  it('has the spec defaults, due today 23:59 on the reader’s clock', () => {
    const now = new Date(2026, 10, 21, 10, 0);
    const payload = createPayload({ ...newTaskForm('u1', now), title: 'New' });
    expect(payload).toEqual({
      title: 'New',
      description: '',
      type: 'other',
      status: 'pending',
      priority: 'medium',
      assignedTo: 'u1',
      dueDate: new Date(2026, 10, 21, 23, 59).toISOString(),
      estimatedHours: 0,
      tags: [],
      customerId: null,
      dealId: null,
    });
  });
});
