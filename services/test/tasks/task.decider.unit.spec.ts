import { describe, it } from 'vitest';
import type { CrmActor, TaskEvent } from '@crm/contracts';
import { taskDecider, type TaskCommand } from '../../src/tasks/task.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const earlier = '2026-11-20T08:00:00.000Z';
const taskId = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const ann = 'a3c1b2d4-0000-4000-8000-000000000001';
const bob = 'a3c1b2d4-0000-4000-8000-000000000002';
const customerId = 'c0000000-0000-4000-8000-000000000001';
const otherCustomer = 'c0000000-0000-4000-8000-000000000002';
const dealId = 'd0000000-0000-4000-8000-000000000001';
const due = '2026-11-21T23:59:00.000Z';

const manager: CrmActor = { userId: ann, scope: 'all' };
const user: CrmActor = { userId: bob, scope: 'own' };
const spec = (actor: CrmActor) => deciderSpec(taskDecider, { now, userId: actor.userId, metadata: { correlationId: 'test' } });

const create = (over: Partial<Extract<TaskCommand, { type: 'CreateTask' }>> = {}): TaskCommand => ({
  type: 'CreateTask',
  taskId,
  actor: manager,
  status: 'pending',
  title: 'Call Ada',
  description: null,
  taskType: 'other',
  priority: 'medium',
  assignedTo: undefined,
  customerId: null,
  dealId: null,
  dueDate: due,
  estimatedHours: 0,
  tags: [],
  ...over,
});

const created = (over: Partial<Extract<TaskEvent, { type: 'TaskCreated' }>['data']> = {}): TaskEvent => ({
  type: 'TaskCreated',
  data: {
    taskId,
    title: 'Call Ada',
    description: null,
    type: 'other',
    status: 'pending',
    priority: 'medium',
    assignedTo: ann,
    customerId: null,
    dealId: null,
    dueDate: due,
    estimatedHours: 0,
    tags: [],
    completedAt: null,
    createdAt: earlier,
    createdBy: ann,
    ...over,
  },
});
const createdNow = (over: Partial<Extract<TaskEvent, { type: 'TaskCreated' }>['data']> = {}) => {
  const e = created({ createdAt: at, ...over });
  return e;
};
const statusChanged = (from: string, to: string, by = ann): TaskEvent =>
  ({
    type: 'TaskStatusChanged',
    data: { taskId, from, to, completedAt: to === 'completed' ? at : null, changedAt: at, changedBy: by },
  }) as TaskEvent;
const deleted: TaskEvent = { type: 'TaskDeleted', data: { taskId, deletedAt: earlier, deletedBy: ann } };
const update = (over: Partial<Extract<TaskCommand, { type: 'UpdateTask' }>> = {}): TaskCommand => ({
  type: 'UpdateTask',
  taskId,
  actor: manager,
  changes: {},
  ...over,
});

describe('task decider: CreateTask', () => {
  it('creates a task assigned to the actor when no assignee is given (spec 02 §5 defaults come from the input)', () => {
    spec(manager).given([]).when(create()).then([createdNow()]);
  });

  it('a manager may assign to anyone, or leave the task unassigned', () => {
    spec(manager).given([]).when(create({ assignedTo: bob, assignee: { id: bob, assignable: true } })).then([createdNow({ assignedTo: bob })]);
    spec(manager).given([]).when(create({ assignedTo: bob, assignee: { id: bob, assignable: false } })).thenThrows('assignee_not_found');
    spec(manager).given([]).when(create({ assignedTo: null })).then([createdNow({ assignedTo: null })]);
  });

  it('a user creates tasks for themselves only', () => {
    spec(user).given([]).when(create({ actor: user })).then([createdNow({ assignedTo: bob, createdBy: bob })]);
    spec(user).given([]).when(create({ actor: user, assignedTo: bob })).then([createdNow({ assignedTo: bob, createdBy: bob })]);
    spec(user).given([]).when(create({ actor: user, assignedTo: ann })).thenThrows('task_assign_forbidden');
    spec(user).given([]).when(create({ actor: user, assignedTo: null })).thenThrows('task_assign_forbidden');
  });

  it('a task created completed carries completedAt = now', () => {
    spec(manager).given([]).when(create({ status: 'completed' })).then([createdNow({ status: 'completed', completedAt: at })]);
  });

  it('links a live, reachable customer and deal', () => {
    spec(manager)
      .given([])
      .when(
        create({
          customerId,
          dealId,
          customer: { id: customerId, live: true, assignedTo: bob },
          deal: { id: dealId, live: true, assignedTo: bob, customerId },
        }),
      )
      .then([createdNow({ customerId, dealId })]);
  });

  it('refuses a customer that does not exist, is deleted, or is out of reach', () => {
    spec(manager).given([]).when(create({ customerId })).thenThrows('task_customer_not_found');
    spec(manager).given([]).when(create({ customerId, customer: { id: customerId, live: false, assignedTo: ann } })).thenThrows('task_customer_not_found');
    spec(user)
      .given([])
      .when(create({ actor: user, customerId, customer: { id: customerId, live: true, assignedTo: ann } }))
      .thenThrows('task_customer_not_found');
  });

  it('refuses a deal that does not exist, is deleted, is out of reach, or belongs to another customer', () => {
    spec(manager).given([]).when(create({ dealId })).thenThrows('task_deal_not_found');
    spec(manager).given([]).when(create({ dealId, deal: { id: dealId, live: false, assignedTo: null, customerId } })).thenThrows('task_deal_not_found');
    spec(user)
      .given([])
      .when(create({ actor: user, dealId, deal: { id: dealId, live: true, assignedTo: ann, customerId } }))
      .thenThrows('task_deal_not_found');
    spec(manager)
      .given([])
      .when(
        create({
          customerId: otherCustomer,
          dealId,
          customer: { id: otherCustomer, live: true, assignedTo: null },
          deal: { id: dealId, live: true, assignedTo: null, customerId },
        }),
      )
      .thenThrows('task_deal_customer_mismatch');
  });

  it('refuses to create a task twice', () => {
    spec(manager).given([created()]).when(create()).thenThrows('task_exists');
  });
});

describe('task decider: UpdateTask', () => {
  it('emits only the fields that changed', () => {
    spec(manager)
      .given([created()])
      .when(update({ changes: { title: 'Call Ada again', priority: 'medium', tags: [], estimatedHours: 2 } }))
      .then([{ type: 'TaskUpdated', data: { taskId, changes: { title: 'Call Ada again', estimatedHours: 2 }, updatedAt: at, updatedBy: ann } }]);
  });

  it('nothing changed: no event', () => {
    spec(manager).given([created()]).when(update({ changes: { title: 'Call Ada', dueDate: due }, status: 'pending' })).then([]);
  });

  it('completing sets completedAt to now; any other status clears it (spec 02 §4)', () => {
    spec(manager).given([created()]).when(update({ status: 'completed' })).then([statusChanged('pending', 'completed')]);
    spec(manager).given([created(), statusChanged('pending', 'completed')]).when(update({ status: 'pending' })).then([statusChanged('completed', 'pending')]);
    spec(manager).given([created()]).when(update({ status: 'in_progress' })).then([statusChanged('pending', 'in_progress')]);
    spec(manager).given([created(), statusChanged('pending', 'in_progress')]).when(update({ status: 'pending' })).then([statusChanged('in_progress', 'pending')]);
    spec(manager).given([created()]).when(update({ status: 'cancelled' })).then([statusChanged('pending', 'cancelled')]);
  });

  it('completing a completed task again changes nothing', () => {
    spec(manager).given([created(), statusChanged('pending', 'completed')]).when(update({ status: 'completed' })).then([]);
  });

  it('fields and status in one command: the field change first, then the status change', () => {
    spec(manager)
      .given([created()])
      .when(update({ changes: { priority: 'urgent' }, status: 'completed' }))
      .then([
        { type: 'TaskUpdated', data: { taskId, changes: { priority: 'urgent' }, updatedAt: at, updatedBy: ann } },
        statusChanged('pending', 'completed'),
      ]);
  });

  it('a user changes only their own tasks (403 for others) and may not hand a task to someone else', () => {
    spec(user).given([created({ assignedTo: ann })]).when(update({ actor: user, status: 'completed' })).thenThrows('task_out_of_scope');
    spec(user).given([created({ assignedTo: bob })]).when(update({ actor: user, status: 'completed' })).then([statusChanged('pending', 'completed', bob)]);
    spec(user).given([created({ assignedTo: bob })]).when(update({ actor: user, changes: { assignedTo: ann } })).thenThrows('task_assign_forbidden');
  });

  it('a manager may reassign', () => {
    spec(manager)
      .given([created()])
      .when(update({ changes: { assignedTo: bob }, assignee: { id: bob, assignable: true } }))
      .then([{ type: 'TaskUpdated', data: { taskId, changes: { assignedTo: bob }, updatedAt: at, updatedBy: ann } }]);
  });

  it('a new customer link must be live and reachable; clearing a link needs no check', () => {
    spec(manager).given([created()]).when(update({ changes: { customerId } })).thenThrows('task_customer_not_found');
    spec(manager)
      .given([created()])
      .when(update({ changes: { customerId }, customer: { id: customerId, live: true, assignedTo: null } }))
      .then([{ type: 'TaskUpdated', data: { taskId, changes: { customerId }, updatedAt: at, updatedBy: ann } }]);
    spec(manager)
      .given([created({ customerId })])
      .when(update({ changes: { customerId: null } }))
      .then([{ type: 'TaskUpdated', data: { taskId, changes: { customerId: null }, updatedAt: at, updatedBy: ann } }]);
  });

  it('a new deal link must belong to the task customer', () => {
    spec(manager)
      .given([created({ customerId: otherCustomer })])
      .when(update({ changes: { dealId }, deal: { id: dealId, live: true, assignedTo: null, customerId } }))
      .thenThrows('task_deal_customer_mismatch');
    spec(manager).given([created()]).when(update({ changes: { dealId } })).thenThrows('task_deal_not_found');
  });

  it('a new customer with the deal kept: the kept deal must belong to the new customer', () => {
    const keptDeal = (of: string) => ({ id: dealId, live: true, assignedTo: null, customerId: of });
    spec(manager)
      .given([created({ customerId, dealId })])
      .when(update({ changes: { customerId: otherCustomer }, customer: { id: otherCustomer, live: true, assignedTo: null }, deal: keptDeal(customerId) }))
      .thenThrows('task_deal_customer_mismatch');
    spec(manager)
      .given([created({ customerId: null, dealId })])
      .when(update({ changes: { customerId }, customer: { id: customerId, live: true, assignedTo: null }, deal: keptDeal(customerId) }))
      .then([{ type: 'TaskUpdated', data: { taskId, changes: { customerId }, updatedAt: at, updatedBy: ann } }]);
    // Moving both together is checked as a new deal link.
    spec(manager)
      .given([created({ customerId, dealId })])
      .when(
        update({
          changes: { customerId: otherCustomer, dealId: null },
          customer: { id: otherCustomer, live: true, assignedTo: null },
        }),
      )
      .then([{ type: 'TaskUpdated', data: { taskId, changes: { customerId: otherCustomer, dealId: null }, updatedAt: at, updatedBy: ann } }]);
  });

  it('refuses an unknown or deleted task', () => {
    spec(manager).given([]).when(update({ status: 'completed' })).thenThrows('task_not_found');
    spec(manager).given([created(), deleted]).when(update({ status: 'completed' })).thenThrows('task_not_found');
  });
});

describe('task decider: DeleteTask', () => {
  it('deletes a task', () => {
    spec(manager)
      .given([created()])
      .when({ type: 'DeleteTask', taskId, actor: manager })
      .then([{ type: 'TaskDeleted', data: { taskId, deletedAt: at, deletedBy: ann } }]);
  });

  it('refuses an unknown, already deleted, or out-of-reach task', () => {
    spec(manager).given([]).when({ type: 'DeleteTask', taskId, actor: manager }).thenThrows('task_not_found');
    spec(manager).given([created(), deleted]).when({ type: 'DeleteTask', taskId, actor: manager }).thenThrows('task_not_found');
    spec(user).given([created({ assignedTo: ann })]).when({ type: 'DeleteTask', taskId, actor: user }).thenThrows('task_out_of_scope');
  });
});
