/**
 * The deals read model row by row, both of its tables: given deal events, then the deal's row and its stage
 * history (projection-spec.ts: the real projection on a real PostgreSQL, one batch and one event per batch).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { type DealEvent, dealStreamId } from '@crm/contracts';
import { dealsProjection } from '../../src/deals/deals.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(dealsProjection);
afterAll(() => spec.close());

const owner = randomUUID();
const customer = randomUUID();
const day = (n: number) => `2030-06-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const ev = (e: DealEvent): SpecEvent => ({ streamId: dealStreamId(e.data.dealId), type: e.type, data: e.data });
const created = (dealId: string, title: string, at: string) =>
  ev({
    type: 'DealCreated',
    data: {
      dealId,
      title,
      value: 1000.5,
      probability: 10,
      stage: 'prospecting',
      customerId: customer,
      assignedTo: owner,
      expectedCloseDate: '2030-07-01',
      leadSource: 'website',
      tags: ['a'],
      createdAt: at,
      createdBy: owner,
      closedAt: null,
    },
  });

describe('deals projection: given events, then rows of crm_deals and crm_deal_stage_history', () => {
  it('creation, an update and a stage change: the deal as it stands and one history row per stage entered', async () => {
    const id = randomUUID();
    await spec
      .given(created(id, 'Big Deal', day(1)))
      .when(
        ev({ type: 'DealUpdated', data: { dealId: id, changes: { title: 'Bigger Deal', value: 2500, tags: ['a', 'b'] }, updatedAt: day(2), updatedBy: owner } }),
        ev({ type: 'DealStageChanged', data: { dealId: id, from: 'prospecting', to: 'closed_won', probability: 100, closedAt: day(5), changedAt: day(5), changedBy: owner } }),
      )
      .then({
        crm_deals: [
          {
            id,
            title: 'Bigger Deal',
            search: 'bigger deal',
            customer_id: customer,
            value: '2500.00',
            probability: 100,
            stage: 'closed_won',
            expected_close_date: '2030-07-01',
            tags: ['a', 'b'],
            created_at: day(1),
            updated_at: day(5),
            closed_at: day(5),
            created_by: owner,
          },
        ],
        crm_deal_stage_history: [
          { deal_id: id, position: 0, from_stage: null, to_stage: 'prospecting', probability: 10, value: '1000.50', changed_at: day(1) },
          { deal_id: id, position: 2, from_stage: 'prospecting', to_stage: 'closed_won', probability: 100, value: '2500.00', changed_at: day(5) },
        ],
      });
  });

  it('a deleted deal leaves crm_deals for crm_deals_deleted (restorable), its history kept; the other deal stays', async () => {
    const gone = randomUUID();
    const kept = randomUUID();
    await spec
      .given(created(gone, 'Gone', day(1)), created(kept, 'Kept', day(1)))
      .when(ev({ type: 'DealDeleted', data: { dealId: gone, deletedAt: day(2), deletedBy: owner } }))
      .then({
        crm_deals: [{ id: kept, title: 'Kept' }],
        crm_deals_deleted: [{ id: gone, title: 'Gone', value: '1000.50', stage: 'prospecting', tags: ['a'], created_at: day(1), deleted_at: day(2), deleted_by: owner }],
        crm_deal_stage_history: [
          { deal_id: gone, position: 0 },
          { deal_id: kept, position: 0 },
        ],
      });
  });

  it('a restored deal is back in crm_deals as it was (its history whole) and gone from crm_deals_deleted; changes after the restore apply', async () => {
    const id = randomUUID();
    await spec
      .given(
        created(id, 'Phoenix', day(1)),
        ev({ type: 'DealStageChanged', data: { dealId: id, from: 'prospecting', to: 'proposal', probability: 50, closedAt: null, changedAt: day(2), changedBy: owner } }),
      )
      .when(
        ev({ type: 'DealDeleted', data: { dealId: id, deletedAt: day(3), deletedBy: owner } }),
        ev({ type: 'DealRestored', data: { dealId: id, restoredAt: day(4), restoredBy: owner } }),
        ev({ type: 'DealUpdated', data: { dealId: id, changes: { value: 42 }, updatedAt: day(5), updatedBy: owner } }),
      )
      .then({
        crm_deals: [{ id, title: 'Phoenix', stage: 'proposal', probability: 50, value: '42.00', created_at: day(1), updated_at: day(5) }],
        crm_deals_deleted: [],
        crm_deal_stage_history: [
          { deal_id: id, position: 0, from_stage: null, to_stage: 'prospecting' },
          { deal_id: id, position: 1, from_stage: 'prospecting', to_stage: 'proposal' },
        ],
      });
  });
});
