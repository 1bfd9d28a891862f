/**
 * The dashboard's read model row by row (projection-spec.ts: the real projection on a real PostgreSQL, all events
 * in one batch and one event per batch): a record's latest activity by the events' own times, its owner and name
 * followed, a customer's furthest funnel stage kept when it steps back, a deleted record flagged and restored whole.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { type CustomerEvent, type DealEvent, type TaskEvent, customerStreamId, dealStreamId, taskStreamId } from '@crm/contracts';
import { ALL_OWNERS, dashboardProjection } from '../../src/dashboard/dashboard.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(dashboardProjection);
afterAll(() => spec.close());

const day = (n: number) => new Date(Date.parse('2030-06-15T12:00:00.000Z') + n * 86_400_000).toISOString();
const customer = (e: CustomerEvent): SpecEvent => ({ streamId: customerStreamId(e.data.customerId), type: e.type, data: e.data });
const deal = (e: DealEvent): SpecEvent => ({ streamId: dealStreamId(e.data.dealId), type: e.type, data: e.data });
const task = (e: TaskEvent): SpecEvent => ({ streamId: taskStreamId(e.data.taskId), type: e.type, data: e.data });
const owner = randomUUID();
const other = randomUUID();

const customerCreated = (id: string, at: string, status: 'lead' | 'prospect' | 'customer' | 'inactive' = 'lead') =>
  customer({
    type: 'CustomerCreated',
    data: { customerId: id, name: 'Ada Lovelace', email: 'ada@example.com', phone: null, company: null, website: null, address: null, city: null, country: null, industry: null, leadSource: 'website', notes: null, status, leadScore: 0, assignedTo: owner, tags: [], createdAt: at, createdBy: owner },
  });

describe('dashboard projection: given events, then rows', () => {
  it('a customer: the furthest funnel stage stays when its status steps back; owner, e-mail and source followed; latest activity', async () => {
    const id = randomUUID();
    await spec
      .given(
        customerCreated(id, day(0)),
        customer({ type: 'CustomerStatusChanged', data: { customerId: id, from: 'lead', to: 'customer', changedAt: day(1), changedBy: owner } }),
        customer({ type: 'CustomerStatusChanged', data: { customerId: id, from: 'customer', to: 'inactive', changedAt: day(2), changedBy: owner } }),
        customer({ type: 'CustomerUpdated', data: { customerId: id, changes: { email: 'ada@new.example', leadSource: 'referral' }, updatedAt: day(3), updatedBy: owner } }),
        customer({ type: 'CustomerAssigned', data: { customerId: id, assignedTo: other, assignedAt: day(4), assignedBy: owner } }),
        // A communication logged now about a call long ago: the activity is when it was logged.
        customer({ type: 'CommunicationLogged', data: { customerId: id, communicationId: randomUUID(), type: 'call', direction: 'outbound', status: 'sent', subject: null, content: null, attachments: [], occurredAt: day(-10), loggedAt: day(5), loggedBy: other } }),
      )
      .then([{ id, kind: 'customer', owner: other, email: 'ada@new.example', lead_source: 'referral', status: 'inactive', reached: 3, created_at: day(0), action: 'contacted', action_at: day(5), deleted: false }]);
  });

  it('a deal: stage and title followed; deleted then restored keeps the row; an older-dated event does not replace the latest activity', async () => {
    const id = randomUUID();
    await spec
      .given(
        deal({ type: 'DealCreated', data: { dealId: id, title: 'Pilot', value: 100, probability: 10, customerId: randomUUID(), assignedTo: owner, expectedCloseDate: null, leadSource: null, tags: [], stage: 'prospecting', createdAt: day(0), createdBy: owner, closedAt: null } }),
        deal({ type: 'DealStageChanged', data: { dealId: id, from: 'prospecting', to: 'closed_won', probability: 100, closedAt: day(3), changedAt: day(3), changedBy: owner } }),
        deal({ type: 'DealUpdated', data: { dealId: id, changes: { title: 'Pilot (signed)', assignedTo: other }, updatedAt: day(1), updatedBy: owner } }),
        deal({ type: 'DealDeleted', data: { dealId: id, deletedAt: day(4), deletedBy: owner } }),
      )
      .then([{ id, kind: 'deal', name: 'Pilot (signed)', owner: other, status: 'closed_won', action: 'stage_changed', action_at: day(3), deleted: true }]);
    await spec
      .given(
        deal({ type: 'DealCreated', data: { dealId: id, title: 'Pilot', value: 100, probability: 10, customerId: randomUUID(), assignedTo: owner, expectedCloseDate: null, leadSource: null, tags: [], stage: 'prospecting', createdAt: day(0), createdBy: owner, closedAt: null } }),
        deal({ type: 'DealDeleted', data: { dealId: id, deletedAt: day(4), deletedBy: owner } }),
        deal({ type: 'DealRestored', data: { dealId: id, restoredAt: day(5), restoredBy: owner } }),
      )
      .then([{ id, status: 'prospecting', action: 'restored', action_at: day(5), deleted: false }]);
  });

  it('a task: status followed, a deleted task flagged', async () => {
    const id = randomUUID();
    const created = task({ type: 'TaskCreated', data: { taskId: id, title: 'Call Ada', description: null, type: 'call', priority: 'medium', assignedTo: owner, customerId: null, dealId: null, dueDate: null, estimatedHours: 0, tags: [], status: 'pending', completedAt: null, createdAt: day(0), createdBy: owner } });
    await spec
      .given(created, task({ type: 'TaskStatusChanged', data: { taskId: id, from: 'pending', to: 'completed', completedAt: day(1), changedAt: day(1), changedBy: owner } }))
      .then([{ id, kind: 'task', name: 'Call Ada', status: 'completed', reached: 0, action: 'status_changed', action_at: day(1), deleted: false }]);
    await spec.given(created, task({ type: 'TaskDeleted', data: { taskId: id, deletedAt: day(2), deletedBy: owner } })).then([{ id, deleted: true, action: 'created' }]);
  });
});

describe('dashboard projection: the daily and pipeline aggregates follow the records’ current state', () => {
  const ALL = ALL_OWNERS;
  const date = (n: number) => day(n).slice(0, 10);
  const dealCreated = (id: string, at: string, value: number) =>
    deal({ type: 'DealCreated', data: { dealId: id, title: 'Pilot', value, probability: 10, customerId: randomUUID(), assignedTo: owner, expectedCloseDate: null, leadSource: null, tags: [], stage: 'prospecting', createdAt: at, createdBy: owner, closedAt: null } });
  const moved = (id: string, from: 'prospecting' | 'closed_won' | 'negotiation', to: 'closed_won' | 'negotiation', at: string) =>
    deal({ type: 'DealStageChanged', data: { dealId: id, from, to, probability: to === 'closed_won' ? 100 : 50, closedAt: to === 'closed_won' ? at : null, changedAt: at, changedBy: owner } });

  it('customers: counted on their creation day per lead source and furthest stage, for everyone and their owner now; a deleted one nowhere', async () => {
    const id = randomUUID();
    const gone = randomUUID();
    await spec
      .given(
        customerCreated(id, day(0)),
        customer({ type: 'CustomerStatusChanged', data: { customerId: id, from: 'lead', to: 'customer', changedAt: day(1), changedBy: owner } }),
        customer({ type: 'CustomerStatusChanged', data: { customerId: id, from: 'customer', to: 'inactive', changedAt: day(2), changedBy: owner } }),
        customer({ type: 'CustomerUpdated', data: { customerId: id, changes: { leadSource: 'referral' }, updatedAt: day(3), updatedBy: owner } }),
        customer({ type: 'CustomerAssigned', data: { customerId: id, assignedTo: other, assignedAt: day(4), assignedBy: owner } }),
        customerCreated(gone, day(1), 'inactive'),
        customer({ type: 'CustomerDeleted', data: { customerId: gone, deletedAt: day(2), deletedBy: owner } }),
      )
      .then({
        crm_dashboard_daily: [
          { owner: ALL, kind: 'customer_source', day: date(0), key: 'referral', n: 1 },
          { owner: ALL, kind: 'customer_reached', day: date(0), key: '3', n: 1 },
          { owner: other, kind: 'customer_source', day: date(0), key: 'referral', n: 1 },
          { owner: other, kind: 'customer_reached', day: date(0), key: '3', n: 1 },
        ],
        crm_dashboard_pipeline: [],
      });
    // Restored: it counts again, on its creation day.
    await spec
      .given(
        customerCreated(gone, day(1), 'inactive'),
        customer({ type: 'CustomerDeleted', data: { customerId: gone, deletedAt: day(2), deletedBy: owner } }),
        customer({ type: 'CustomerRestored', data: { customerId: gone, restoredAt: day(3), restoredBy: owner } }),
      )
      .then({
        crm_dashboard_daily: [
          { owner: ALL, kind: 'customer_source', day: date(1), key: 'website', n: 1 },
          { owner: ALL, kind: 'customer_reached', day: date(1), key: '0', n: 1 },
          { owner, kind: 'customer_source', day: date(1), key: 'website', n: 1 },
          { owner, kind: 'customer_reached', day: date(1), key: '0', n: 1 },
        ],
      });
  });

  it('deals: created per day, live per stage now, and won per day of closing with their current value; a reopened deal leaves the won rows', async () => {
    const won = randomUUID();
    const reopened = randomUUID();
    const deleted = randomUUID();
    await spec
      .given(
        dealCreated(won, day(0), 100),
        moved(won, 'prospecting', 'closed_won', day(3)),
        deal({ type: 'DealUpdated', data: { dealId: won, changes: { value: 250.5, assignedTo: other }, updatedAt: day(4), updatedBy: owner } }),
        dealCreated(reopened, day(0), 70),
        moved(reopened, 'prospecting', 'closed_won', day(1)),
        moved(reopened, 'closed_won', 'negotiation', day(2)),
        dealCreated(deleted, day(2), 10),
        deal({ type: 'DealDeleted', data: { dealId: deleted, deletedAt: day(3), deletedBy: owner } }),
      )
      .then({
        crm_dashboard_daily: [
          { owner: ALL, kind: 'deal', day: date(0), key: '', n: 2, value: '0.00' },
          { owner: ALL, kind: 'won', day: date(3), key: '', n: 1, value: '250.50' },
          { owner, kind: 'deal', day: date(0), key: '', n: 1, value: '0.00' },
          { owner: other, kind: 'deal', day: date(0), key: '', n: 1, value: '0.00' },
          { owner: other, kind: 'won', day: date(3), key: '', n: 1, value: '250.50' },
        ],
        crm_dashboard_pipeline: [
          { owner: ALL, stage: 'closed_won', n: 1 },
          { owner: ALL, stage: 'negotiation', n: 1 },
          { owner, stage: 'negotiation', n: 1 },
          { owner: other, stage: 'closed_won', n: 1 },
        ],
      });
  });

  it('tasks: counted on their creation day by their current status; a deleted one nowhere', async () => {
    const done = randomUUID();
    const gone = randomUUID();
    const created = (id: string, at: string) =>
      task({ type: 'TaskCreated', data: { taskId: id, title: 'Call Ada', description: null, type: 'call', priority: 'medium', assignedTo: owner, customerId: null, dealId: null, dueDate: null, estimatedHours: 0, tags: [], status: 'pending', completedAt: null, createdAt: at, createdBy: owner } });
    await spec
      .given(
        created(done, day(0)),
        task({ type: 'TaskStatusChanged', data: { taskId: done, from: 'pending', to: 'completed', completedAt: day(1), changedAt: day(1), changedBy: owner } }),
        created(gone, day(0)),
        task({ type: 'TaskDeleted', data: { taskId: gone, deletedAt: day(2), deletedBy: owner } }),
      )
      .then({
        crm_dashboard_daily: [
          { owner: ALL, kind: 'task', day: date(0), key: 'completed', n: 1 },
          { owner, kind: 'task', day: date(0), key: 'completed', n: 1 },
        ],
      });
  });
});
