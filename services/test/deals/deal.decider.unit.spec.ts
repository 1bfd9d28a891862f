import { describe, it } from 'vitest';
import { dealCreateInput, type CrmActor, type DealEvent } from '@crm/contracts';
import { dealDecider, type CustomerFacts } from '../../src/deals/deal.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const at = now.toISOString();
const dealId = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const customerId = '1c7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c22';
const otherCustomer = '2d7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c33';
const userId = 'a3c1b2d4-0000-4000-8000-000000000001';
const otherUser = 'a3c1b2d4-0000-4000-8000-000000000002';
const manager: CrmActor = { userId: 'a3c1b2d4-0000-4000-8000-000000000009', scope: 'all' };
const user: CrmActor = { userId, scope: 'own' };
const spec = deciderSpec(dealDecider, { now, userId, metadata: { correlationId: 'test' } });

const liveCustomer: CustomerFacts = { exists: true, deleted: false, assignedTo: userId };
const input = (extra: Record<string, unknown> = {}) => dealCreateInput.parse({ title: 'Big deal', value: 5000, customerId, ...extra });

const created: DealEvent = {
  type: 'DealCreated',
  data: {
    dealId,
    title: 'Big deal',
    value: 5000,
    probability: 10,
    stage: 'prospecting',
    customerId,
    assignedTo: userId,
    expectedCloseDate: null,
    leadSource: null,
    tags: [],
    createdAt: '2026-11-01T08:00:00.000Z',
    createdBy: userId,
    closedAt: null,
  },
};
const deleted: DealEvent = { type: 'DealDeleted', data: { dealId, deletedAt: at, deletedBy: userId } };
const moved = (from: string, to: string, probability: number, closedAt: string | null = null): DealEvent =>
  ({ type: 'DealStageChanged', data: { dealId, from, to, probability, closedAt, changedAt: at, changedBy: userId } }) as DealEvent;

describe('deal decider: CreateDeal', () => {
  it('creates a deal in prospecting with the stage default probability, assigned to the creator', () => {
    spec
      .given([])
      .when({ type: 'CreateDeal', dealId, actor: user, input: input(), customer: liveCustomer })
      .then([{ ...created, data: { ...created.data, createdAt: at } } as DealEvent]);
  });
  it('keeps an explicit probability and stamps closedAt when created closed', () => {
    spec
      .given([])
      .when({ type: 'CreateDeal', dealId, actor: manager, input: input({ stage: 'closed_won', probability: 90, assignedTo: null, tags: ['x'] }), customer: liveCustomer })
      .then([
        {
          type: 'DealCreated',
          data: { ...created.data, stage: 'closed_won', probability: 90, assignedTo: null, tags: ['x'], createdAt: at, createdBy: manager.userId, closedAt: at },
        },
      ]);
  });
  it('refuses an existing deal', () => {
    spec.given([created]).when({ type: 'CreateDeal', dealId, actor: user, input: input(), customer: liveCustomer }).thenThrows('deal_exists');
  });
  it('refuses an unknown customer, a customer out of reach and a deleted customer', () => {
    spec.given([]).when({ type: 'CreateDeal', dealId, actor: user, input: input(), customer: { exists: false, deleted: false, assignedTo: null } }).thenThrows('customer_not_found');
    spec.given([]).when({ type: 'CreateDeal', dealId, actor: user, input: input(), customer: { ...liveCustomer, assignedTo: otherUser } }).thenThrows('customer_not_found');
    spec.given([]).when({ type: 'CreateDeal', dealId, actor: user, input: input(), customer: { ...liveCustomer, deleted: true } }).thenThrows('customer_deleted');
  });
  it('lets a manager use any customer, but a user may only assign to themselves', () => {
    spec
      .given([])
      .when({ type: 'CreateDeal', dealId, actor: manager, input: input({ assignedTo: otherUser }), customer: { ...liveCustomer, assignedTo: otherUser }, assignee: { id: otherUser, assignable: true } })
      .then([{ type: 'DealCreated', data: { ...created.data, assignedTo: otherUser, createdAt: at, createdBy: manager.userId } }]);
    spec.given([]).when({ type: 'CreateDeal', dealId, actor: user, input: input({ assignedTo: otherUser }), customer: liveCustomer }).thenThrows('assign_forbidden');
    spec.given([]).when({ type: 'CreateDeal', dealId, actor: user, input: input({ assignedTo: null }), customer: liveCustomer }).thenThrows('assign_forbidden');
  });
});

describe('deal decider: UpdateDeal', () => {
  it('records only the fields that changed', () => {
    spec
      .given([created])
      .when({ type: 'UpdateDeal', dealId, actor: user, patch: { title: 'Big deal', value: 6000, tags: ['a'], expectedCloseDate: '2026-12-31' }, customer: null })
      .then([{ type: 'DealUpdated', data: { dealId, changes: { value: 6000, tags: ['a'], expectedCloseDate: '2026-12-31' }, updatedAt: at, updatedBy: userId } }]);
  });
  it('writes nothing when nothing changes', () => {
    spec.given([created]).when({ type: 'UpdateDeal', dealId, actor: user, patch: { title: 'Big deal', stage: 'prospecting' }, customer: null }).then([]);
  });
  it('moves the stage with the update (REST PUT {stage}); the probability given travels with the move', () => {
    spec
      .given([created])
      .when({ type: 'UpdateDeal', dealId, actor: user, patch: { stage: 'proposal', probability: 40, title: 'Bigger' }, customer: null })
      .then([
        { type: 'DealUpdated', data: { dealId, changes: { title: 'Bigger' }, updatedAt: at, updatedBy: userId } },
        moved('prospecting', 'proposal', 40),
      ]);
  });
  it('checks a new customer', () => {
    spec
      .given([created])
      .when({ type: 'UpdateDeal', dealId, actor: user, patch: { customerId: otherCustomer }, customer: { exists: false, deleted: false, assignedTo: null } })
      .thenThrows('customer_not_found');
    spec
      .given([created])
      .when({ type: 'UpdateDeal', dealId, actor: user, patch: { customerId: otherCustomer }, customer: { ...liveCustomer, assignedTo: otherUser } })
      .thenThrows('customer_not_found');
    spec
      .given([created])
      .when({ type: 'UpdateDeal', dealId, actor: user, patch: { customerId: otherCustomer }, customer: { ...liveCustomer, deleted: true } })
      .thenThrows('customer_deleted');
    spec
      .given([created])
      .when({ type: 'UpdateDeal', dealId, actor: user, patch: { customerId: otherCustomer }, customer: liveCustomer })
      .then([{ type: 'DealUpdated', data: { dealId, changes: { customerId: otherCustomer }, updatedAt: at, updatedBy: userId } }]);
  });
  it('refuses a deleted or unknown deal, a deal out of reach, and assigning to someone else as a user', () => {
    spec.given([]).when({ type: 'UpdateDeal', dealId, actor: user, patch: { value: 1 }, customer: null }).thenThrows('deal_not_found');
    spec.given([created, deleted]).when({ type: 'UpdateDeal', dealId, actor: user, patch: { value: 1 }, customer: null }).thenThrows('deal_not_found');
    spec.given([created]).when({ type: 'UpdateDeal', dealId, actor: { userId: otherUser, scope: 'own' }, patch: { value: 1 }, customer: null }).thenThrows('deal_out_of_scope');
    spec.given([created]).when({ type: 'UpdateDeal', dealId, actor: user, patch: { assignedTo: otherUser }, customer: null }).thenThrows('assign_forbidden');
  });
  it('lets a manager reassign', () => {
    spec
      .given([created])
      .when({ type: 'UpdateDeal', dealId, actor: manager, patch: { assignedTo: otherUser }, customer: null, assignee: { id: otherUser, assignable: true } })
      .then([{ type: 'DealUpdated', data: { dealId, changes: { assignedTo: otherUser }, updatedAt: at, updatedBy: manager.userId } }]);
  });

  it('refuses a new owner who is not an active, approved account, but not an unchanged one', () => {
    const inactive = { id: otherUser, assignable: false };
    spec.given([created]).when({ type: 'UpdateDeal', dealId, actor: manager, patch: { assignedTo: otherUser }, customer: null, assignee: inactive }).thenThrows('assignee_not_found');
    const owned = { ...created, data: { ...created.data, assignedTo: otherUser } } as typeof created;
    spec.given([owned]).when({ type: 'UpdateDeal', dealId, actor: manager, patch: { assignedTo: otherUser, value: 1 }, customer: null, assignee: inactive }).then([
      { type: 'DealUpdated', data: { dealId, changes: { value: 1 }, updatedAt: at, updatedBy: manager.userId } },
    ]);
  });
});

describe('deal decider: MoveDeal', () => {
  it('moves to any other stage with the stage default probability', () => {
    spec.given([created]).when({ type: 'MoveDeal', dealId, actor: user, stage: 'negotiation' }).then([moved('prospecting', 'negotiation', 75)]);
  });
  it('stamps closedAt when won or lost and clears it when reopened', () => {
    spec.given([created]).when({ type: 'MoveDeal', dealId, actor: user, stage: 'closed_won' }).then([moved('prospecting', 'closed_won', 100, at)]);
    spec.given([created]).when({ type: 'MoveDeal', dealId, actor: user, stage: 'closed_lost' }).then([moved('prospecting', 'closed_lost', 0, at)]);
    spec
      .given([created, moved('prospecting', 'closed_lost', 0, at)])
      .when({ type: 'MoveDeal', dealId, actor: user, stage: 'qualification', probability: 30 })
      .then([moved('closed_lost', 'qualification', 30)]);
  });
  it('writes nothing for a move to its own stage', () => {
    spec.given([created, moved('prospecting', 'proposal', 50)]).when({ type: 'MoveDeal', dealId, actor: user, stage: 'proposal' }).then([]);
  });
  it('refuses a deleted or unknown deal (not found) and a deal out of reach', () => {
    spec.given([]).when({ type: 'MoveDeal', dealId, actor: user, stage: 'proposal' }).thenThrows('deal_not_found');
    spec.given([created, deleted]).when({ type: 'MoveDeal', dealId, actor: user, stage: 'proposal' }).thenThrows('deal_not_found');
    spec.given([created]).when({ type: 'MoveDeal', dealId, actor: { userId: otherUser, scope: 'own' }, stage: 'proposal' }).thenThrows('deal_out_of_scope');
  });
  it('lets a manager move anyone’s deal', () => {
    spec
      .given([created])
      .when({ type: 'MoveDeal', dealId, actor: manager, stage: 'qualification' })
      .then([{ type: 'DealStageChanged', data: { dealId, from: 'prospecting', to: 'qualification', probability: 25, closedAt: null, changedAt: at, changedBy: manager.userId } }]);
  });
});

describe('deal decider: DeleteDeal', () => {
  it('deletes a deal', () => {
    spec.given([created]).when({ type: 'DeleteDeal', dealId, actor: user }).then([deleted]);
  });
  it('refuses a deleted or unknown deal and a deal out of reach', () => {
    spec.given([created, deleted]).when({ type: 'DeleteDeal', dealId, actor: user }).thenThrows('deal_not_found');
    spec.given([]).when({ type: 'DeleteDeal', dealId, actor: manager }).thenThrows('deal_not_found');
    spec.given([created]).when({ type: 'DeleteDeal', dealId, actor: { userId: otherUser, scope: 'own' } }).thenThrows('deal_out_of_scope');
  });
});

describe('deal decider: RestoreDeal (soft delete)', () => {
  const admin: CrmActor = { userId: manager.userId, scope: 'all', mayRestore: true };
  const restored: DealEvent = { type: 'DealRestored', data: { dealId, restoredAt: at, restoredBy: admin.userId } };
  it('brings a deleted deal back, which may then be changed, moved and deleted again', () => {
    spec.given([created, deleted]).when({ type: 'RestoreDeal', dealId, actor: admin }).then([restored]);
    spec.given([created, deleted, restored]).when({ type: 'MoveDeal', dealId, actor: user, stage: 'proposal' }).then([moved('prospecting', 'proposal', 50)]);
    spec
      .given([created, deleted, restored])
      .when({ type: 'UpdateDeal', dealId, actor: user, patch: { title: 'Back again' }, customer: null })
      .then([{ type: 'DealUpdated', data: { dealId, changes: { title: 'Back again' }, updatedAt: at, updatedBy: userId } }]);
    spec.given([created, deleted, restored]).when({ type: 'DeleteDeal', dealId, actor: user }).then([deleted]);
  });
  it('refuses a deal that is not deleted (conflict) or does not exist', () => {
    spec.given([created]).when({ type: 'RestoreDeal', dealId, actor: admin }).thenThrows('deal_not_deleted');
    spec.given([created, deleted, restored]).when({ type: 'RestoreDeal', dealId, actor: admin }).thenThrows('deal_not_deleted');
    spec.given([]).when({ type: 'RestoreDeal', dealId, actor: admin }).thenThrows('deal_not_found');
  });
  it('keeps record-level scope: a deleted deal of someone else is out of reach for a crm:own actor', () => {
    spec.given([created, deleted]).when({ type: 'RestoreDeal', dealId, actor: { userId: otherUser, scope: 'own' } }).thenThrows('deal_out_of_scope');
  });
});
