/**
 * The deals read model: `crm_deals` rows folded from deal events (batches of any size), the stage history, and
 * a deleted deal moved to `crm_deals_deleted` (restorable, listed by `listDeletedDeals`), its history kept. Both PG setups.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewEvent, customerStreamId, dealStreamId } from '@crm/contracts';
import { customersProjection, dealsProjection, listDeals, listDeletedDeals, startProjection, usersProjection } from '@crm/projections';
import { PG_SETUPS } from '../../../test-support/db.ts';
import { type ProjectionTestEnv, openProjectionTestEnv, waitForVisible } from '../support/projection-fixtures.ts';

const meta = { correlationId: 'test', userId: null };
const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, schemaVersion: 1, data, metadata: meta });

describe.each(PG_SETUPS)('deals projection on %s PostgreSQL', (setup) => {
  let env: ProjectionTestEnv;
  const customer = randomUUID();
  const owner = randomUUID();
  const won = randomUUID();
  const open = randomUUID();
  const gone = randomUUID();
  const created = (dealId: string, title: string, at: string, extra: Record<string, unknown> = {}) =>
    ev('DealCreated', {
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
      ...extra,
    });

  beforeAll(async () => {
    env = await openProjectionTestEnv(setup);
    const write = (id: string, events: NewEvent[]) => env.store.append(dealStreamId(id), events, { expectedVersion: 'any' });
    await write(won, [
      created(won, 'Big Deal', '2030-06-01T00:00:00.000Z'),
      ev('DealUpdated', { dealId: won, changes: { title: 'Bigger Deal', value: 2500, tags: ['a', 'b'] }, updatedAt: '2030-06-02T00:00:00.000Z', updatedBy: owner }),
      ev('DealStageChanged', { dealId: won, from: 'prospecting', to: 'negotiation', probability: 75, closedAt: null, changedAt: '2030-06-05T00:00:00.000Z', changedBy: owner }),
    ]);
    await write(open, [created(open, 'Open Deal', '2030-06-03T00:00:00.000Z', { expectedCloseDate: null, leadSource: null })]);
    await write(gone, [created(gone, 'Gone', '2030-06-03T00:00:00.000Z')]);
    await write(won, [
      ev('DealStageChanged', { dealId: won, from: 'negotiation', to: 'closed_won', probability: 100, closedAt: '2030-06-11T00:00:00.000Z', changedAt: '2030-06-11T00:00:00.000Z', changedBy: owner }),
    ]);
    await env.store.append(
      customerStreamId(customer),
      [
        ev('CustomerCreated', {
          customerId: customer, name: 'ÉLODIE Dupont', email: null, phone: null, company: 'Ørsted Énergie', website: null, address: null, city: null,
          country: null, industry: null, leadSource: null, notes: null, status: 'lead', leadScore: 0, assignedTo: owner, tags: [], createdAt: '2030-05-01T00:00:00.000Z', createdBy: owner,
        }),
      ],
      { expectedVersion: 'any' },
    );
    const last = await write(gone, [ev('DealDeleted', { dealId: gone, deletedAt: '2030-06-04T00:00:00.000Z', deletedBy: owner })]);
    await waitForVisible(env.store, last.checkpoint);
    // The list joins customers and users (the assignee's name) at query time.
    for (const projection of [dealsProjection, customersProjection, usersProjection]) {
      const runner = startProjection(projection, { pool: env.pool, store: env.store, batchSize: 2 });
      await runner.caughtUp;
      await runner.stop();
    }
  });

  it("searches the title and the customer's name and company case-insensitively, whatever the database's locale", async () => {
    const found = async (search: string) => (await listDeals(env.pool, { ownerId: null, search })).map((d) => d.id).sort();
    expect(await found('élodie')).toEqual([won, open].sort());
    expect(await found('ØRSTED énergie')).toEqual([won, open].sort());
    expect(await found('bigger')).toEqual([won]);
    expect(await found('nobody')).toEqual([]);
  });

  afterAll(async () => {
    await env?.close();
  });

  it('folds creation, field updates and stage changes into one row per live deal', async () => {
    const { rows } = await env.pool.query(
      `SELECT id::text, title, customer_id::text, value::float8 AS value, probability, stage, expected_close_date::text AS expected_close_date,
              assigned_to::text, lead_source, tags, created_at, updated_at, closed_at, search
         FROM crm_deals WHERE id = ANY($1::uuid[]) ORDER BY title`,
      [[won, open, gone]],
    );
    expect(rows).toEqual([
      {
        id: won,
        title: 'Bigger Deal',
        customer_id: customer,
        value: 2500,
        probability: 100,
        stage: 'closed_won',
        expected_close_date: '2030-07-01',
        assigned_to: owner,
        lead_source: 'website',
        tags: ['a', 'b'],
        created_at: new Date('2030-06-01T00:00:00.000Z'),
        updated_at: new Date('2030-06-11T00:00:00.000Z'),
        closed_at: new Date('2030-06-11T00:00:00.000Z'),
        search: 'bigger deal',
      },
      expect.objectContaining({ id: open, title: 'Open Deal', value: 1000.5, stage: 'prospecting', expected_close_date: null, lead_source: null, closed_at: null }),
    ]);
  });

  it('keeps each stage the deal entered (creation included); a deleted deal keeps its history (for a restore)', async () => {
    const { rows } = await env.pool.query(
      `SELECT deal_id::text, position, from_stage, to_stage, probability, value::float8 AS value, changed_at
         FROM crm_deal_stage_history WHERE deal_id = ANY($1::uuid[]) AND deal_id <> $3::uuid ORDER BY deal_id = $2::uuid DESC, position`,
      [[won, open, gone], won, gone],
    );
    const goneHistory = await env.pool.query('SELECT position FROM crm_deal_stage_history WHERE deal_id = $1::uuid', [gone]);
    expect(goneHistory.rows).toEqual([{ position: 0 }]);
    expect(rows).toEqual([
      { deal_id: won, position: 0, from_stage: null, to_stage: 'prospecting', probability: 10, value: 1000.5, changed_at: new Date('2030-06-01T00:00:00.000Z') },
      { deal_id: won, position: 2, from_stage: 'prospecting', to_stage: 'negotiation', probability: 75, value: 2500, changed_at: new Date('2030-06-05T00:00:00.000Z') },
      { deal_id: won, position: 3, from_stage: 'negotiation', to_stage: 'closed_won', probability: 100, value: 2500, changed_at: new Date('2030-06-11T00:00:00.000Z') },
      { deal_id: open, position: 0, from_stage: null, to_stage: 'prospecting', probability: 10, value: 1000.5, changed_at: new Date('2030-06-03T00:00:00.000Z') },
    ]);
  });

  it('a deleted deal is in crm_deals_deleted only: listDeletedDeals names it with who deleted it, within scope', async () => {
    expect((await env.pool.query('SELECT 1 FROM crm_deals WHERE id = $1::uuid', [gone])).rowCount).toBe(0);
    const deleted = await listDeletedDeals(env.pool, { ownerId: null, limit: 50 });
    expect(deleted.filter((d) => ([won, open, gone] as string[]).includes(d.id))).toEqual([
      expect.objectContaining({ id: gone, customerName: 'ÉLODIE Dupont', assignedTo: owner, deletedAt: '2030-06-04T00:00:00.000Z', deletedBy: owner }),
    ]);
    expect(await listDeletedDeals(env.pool, { ownerId: randomUUID(), limit: 50 })).toEqual([]);
    expect((await listDeletedDeals(env.pool, { ownerId: owner, limit: 50 })).map((d) => d.id)).toEqual([gone]);
  });
});
