import type { DealBoardResult, DealStage, DealView } from '@crm/contracts';
import { DEAL_STAGES } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { appendStageCards, dealsByStage, findDeal, placeDeal } from './board-cache.util.ts';

const deal = (id: string, stage: DealStage, value: number, probability: number): DealView => ({
  id,
  title: `Deal ${id}`,
  value,
  probability,
  stage,
  customerId: 'c',
  customerName: 'Ada',
  customerCompany: null,
  assignedTo: null,
  assignedToName: null,
  expectedCloseDate: null,
  leadSource: null,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  closedAt: null,
});

function board(deals: DealView[]): DealBoardResult {
  const stages = DEAL_STAGES.map((stage) => {
    const own = deals.filter((d) => d.stage === stage);
    const totalValue = own.reduce((sum, d) => sum + d.value, 0);
    return { stage, deals: own, count: own.length, totalValue, averageValue: own.length ? totalValue / own.length : 0, next: null };
  });
  return {
    stages,
    summary: {
      // open deals only, as the server's summary
      totalValue: deals.filter((d) => !d.stage.startsWith('closed')).reduce((sum, d) => sum + d.value, 0),
      weightedValue: deals.filter((d) => !d.stage.startsWith('closed')).reduce((sum, d) => sum + (d.value * d.probability) / 100, 0),
      activeDeals: deals.filter((d) => !d.stage.startsWith('closed')).length,
      wonDeals: deals.filter((d) => d.stage === 'closed_won').length,
    },
  };
}

describe('placeDeal', () => {
  const a = deal('a', 'prospecting', 1000, 10);
  const b = deal('b', 'prospecting', 500, 10);
  const c = deal('c', 'proposal', 2000, 50);

  it('moves a card to another column at the index, with counts, totals and summary following', () => {
    const moved = placeDeal(board([a, b, c]), { ...a, stage: 'closed_won', probability: 100 }, 0);
    expect(moved).toEqual(board([b, c, { ...a, stage: 'closed_won', probability: 100 }]));
    const later = placeDeal(moved, { ...b, stage: 'proposal' }, 1);
    expect(dealsByStage(later, DEAL_STAGES).proposal.map((d) => d.id)).toEqual(['c', 'b']);
    expect(later.stages.find((s) => s.stage === 'proposal')).toMatchObject({ count: 2, totalValue: 2500, averageValue: 1250 });
    expect(later.stages.find((s) => s.stage === 'prospecting')).toMatchObject({ count: 0, totalValue: 0, averageValue: 0 });
  });

  it('rolls back by placing the original deal at its original index', () => {
    const start = board([a, b, c]);
    const moved = placeDeal(start, { ...b, stage: 'negotiation', probability: 75 });
    expect(placeDeal(moved, b, 1)).toEqual(start);
    expect(findDeal(start, 'b')).toEqual({ stage: 'prospecting', index: 1, deal: b });
  });

  it('leaves the board alone for a deal it does not hold', () => {
    const start = board([a]);
    expect(placeDeal(start, { ...c, stage: 'closed_lost' })).toBe(start);
  });
});

const cursor = (x: DealView) => ({ createdAt: x.createdAt, id: x.id });

describe('partial columns (the board sends the first page of each)', () => {
  const a = deal('a', 'prospecting', 1000, 10);
  const c = deal('c', 'proposal', 2000, 50);
  const d = deal('d', 'proposal', 3000, 50);
  const e = deal('e', 'proposal', 4000, 50);
  /** proposal holds c, d, e on the server; the board shows only c. */
  const truncated = (): DealBoardResult => {
    const full = board([a, c, d, e]);
    return { ...full, stages: full.stages.map((s) => (s.stage === 'proposal' ? { ...s, deals: [c], next: cursor(c) } : s)) };
  };

  it('a card moved into a truncated column goes on top; count, total and summary move by its value; rollback restores', () => {
    const start = truncated();
    const moved = placeDeal(start, { ...a, stage: 'proposal', probability: 50 }, 0);
    expect(dealsByStage(moved, DEAL_STAGES).proposal.map((x) => x.id)).toEqual(['a', 'c']);
    expect(moved.stages.find((s) => s.stage === 'proposal')).toMatchObject({ count: 4, totalValue: 10000, averageValue: 2500 });
    expect(moved.stages.find((s) => s.stage === 'prospecting')).toMatchObject({ count: 0, totalValue: 0 });
    expect(moved.summary).toMatchObject({ totalValue: 10000, activeDeals: 4, weightedValue: 5000 });
    expect(placeDeal(moved, a, 0)).toEqual(start);
  });

  it('a card moved out of a truncated column lowers its count and total', () => {
    const moved = placeDeal(truncated(), { ...c, stage: 'closed_won', probability: 100 }, 0);
    expect(moved.stages.find((s) => s.stage === 'proposal')).toMatchObject({ deals: [], count: 2, totalValue: 7000, averageValue: 3500 });
    expect(moved.summary).toMatchObject({ wonDeals: 1, activeDeals: 3 });
  });

  it('a deal moved into a closed stage leaves Total Pipeline Value and Weighted Pipeline; reopened, it counts again', () => {
    const start = truncated();
    expect(start.summary).toMatchObject({ totalValue: 10000, weightedValue: 4600 });
    const won = placeDeal(start, { ...c, stage: 'closed_won', probability: 100 }, 0);
    expect(won.summary).toMatchObject({ totalValue: 8000, weightedValue: 3600 });
    const lost = placeDeal(won, { ...c, stage: 'closed_lost', probability: 0 }, 0);
    expect(lost.summary).toMatchObject({ totalValue: 8000, weightedValue: 3600 });
    expect(placeDeal(lost, c, 0).summary).toEqual(start.summary);
  });

  it('Show more appends the next page to that column only and takes its cursor, without repeating shown cards or changing the numbers', () => {
    const start = truncated();
    const half = appendStageCards(start, { stage: 'proposal', deals: [d], next: cursor(d) });
    expect(half.stages.find((s) => s.stage === 'proposal')).toMatchObject({ deals: [c, d], next: cursor(d) });
    const more = appendStageCards(half, { stage: 'proposal', deals: [c, e], next: null });
    expect(dealsByStage(more, DEAL_STAGES).proposal.map((x) => x.id)).toEqual(['c', 'd', 'e']);
    expect(more.stages.find((s) => s.stage === 'proposal')).toMatchObject({ count: 3, totalValue: 9000, next: null });
    expect(more.summary).toEqual(start.summary);
    expect(more.stages.find((s) => s.stage === 'prospecting')).toBe(start.stages.find((s) => s.stage === 'prospecting'));
  });

  it('a move keeps the columns\' cursors: the next page starts after the last card the server sent', () => {
    const moved = placeDeal(truncated(), { ...a, stage: 'proposal' }, 0);
    expect(moved.stages.find((s) => s.stage === 'proposal')!.next).toEqual(cursor(c));
    const out = placeDeal(truncated(), { ...c, stage: 'closed_lost', probability: 0 }, 0);
    expect(out.stages.find((s) => s.stage === 'proposal')).toMatchObject({ deals: [], next: cursor(c) });
  });
});
