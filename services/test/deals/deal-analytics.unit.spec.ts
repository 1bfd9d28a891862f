import { describe, expect, it } from 'vitest';
import type { DealView } from '@crm/contracts';
import type { DealMetricsAggregates } from '@crm/projections';
import { buildBoard, buildForecast, buildMetrics, conversionRate, monthPeriod, monthPeriods, velocityTrend } from '../../src/deals/deal-analytics.ts';

const now = new Date('2030-01-20T10:00:00.000Z');
let n = 0;
const deal = (stage: DealView['stage'], value: number, probability: number): DealView => ({
  id: `d${++n}`,
  title: `Deal ${n}`,
  value,
  probability,
  stage,
  customerId: 'c',
  customerName: null,
  customerCompany: null,
  assignedTo: null,
  assignedToName: null,
  expectedCloseDate: null,
  leadSource: null,
  tags: [],
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  closedAt: null,
});

describe('months', () => {
  it('names UTC calendar months across year ends', () => {
    expect(monthPeriod(now)).toBe('2030-01');
    expect(monthPeriod(now, -1)).toBe('2029-12');
    expect(monthPeriod(now, 12)).toBe('2031-01');
    expect(monthPeriods(now, -2, 4)).toEqual(['2029-11', '2029-12', '2030-01', '2030-02']);
    expect(monthPeriod(new Date('2030-01-31T23:30:00.000Z'), 1)).toBe('2030-02');
  });
});

describe('buildBoard', () => {
  it('puts the cards in the six stages in order; count, total and average per column and the summary come from the aggregates of every match', () => {
    const cards = [deal('proposal', 1000, 50), deal('proposal', 2000.5, 40), deal('closed_won', 300, 100), deal('closed_lost', 99.99, 0), deal('prospecting', 10, 10)];
    // proposal has 3 matching deals, only 2 cards were sent (the first page)
    const aggregates = [
      { stage: 'proposal' as const, count: 3, totalValue: 3500.5, weightedValue: 1000.2 },
      { stage: 'closed_won' as const, count: 1, totalValue: 300, weightedValue: 300 },
      { stage: 'closed_lost' as const, count: 1, totalValue: 99.99, weightedValue: 0 },
      { stage: 'prospecting' as const, count: 1, totalValue: 10, weightedValue: 1 },
    ];
    const board = buildBoard(aggregates, cards);
    expect(board.stages.map((s) => s.stage)).toEqual(['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost']);
    // The truncated column's cursor is its last card sent; a column with every card sent has none.
    const next = { createdAt: cards[1]!.createdAt, id: cards[1]!.id };
    expect(board.stages[2]).toEqual({ stage: 'proposal', deals: [cards[0], cards[1]], count: 3, totalValue: 3500.5, averageValue: 1166.83, next });
    expect(board.stages[1]).toEqual({ stage: 'qualification', deals: [], count: 0, totalValue: 0, averageValue: 0, next: null });
    expect(board.stages[0]!.next).toBeNull();
    // Total Pipeline Value and Weighted Pipeline count the open deals only: proposal 3500.5 + prospecting 10.
    expect(board.summary).toEqual({ totalValue: 3510.5, weightedValue: 1001.2, activeDeals: 4, wonDeals: 1 });
  });
  it('leaves closed won and closed lost deals out of Total Pipeline Value and Weighted Pipeline', () => {
    const aggregates = [
      { stage: 'negotiation' as const, count: 2, totalValue: 4000, weightedValue: 3000 },
      { stage: 'closed_won' as const, count: 5, totalValue: 100_000, weightedValue: 100_000 },
      { stage: 'closed_lost' as const, count: 3, totalValue: 50_000, weightedValue: 0 },
    ];
    expect(buildBoard(aggregates, []).summary).toEqual({ totalValue: 4000, weightedValue: 3000, activeDeals: 2, wonDeals: 5 });
    const onlyClosed = aggregates.slice(1);
    expect(buildBoard(onlyClosed, []).summary).toEqual({ totalValue: 0, weightedValue: 0, activeDeals: 0, wonDeals: 5 });
  });
  it('is empty without deals', () => {
    expect(buildBoard([], []).summary).toEqual({ totalValue: 0, weightedValue: 0, activeDeals: 0, wonDeals: 0 });
  });
});

describe('buildForecast', () => {
  it('predicts from open deals, takes actuals from won deals up to the current month, and means the probability', () => {
    const rows = buildForecast(
      {
        open: [
          { period: '2030-02', weighted: 1250, deals: 2, probabilitySum: 125 },
          { period: '2029-12', weighted: 10, deals: 1, probabilitySum: 10 },
        ],
        won: [
          { period: '2029-12', value: 5000, deals: 2 },
          { period: '2030-01', value: 700, deals: 1 },
        ],
      },
      { now, months: 3, pastMonths: 1 },
    );
    expect(rows).toEqual([
      { period: '2029-12', predicted: 10, actual: 5000, deals: 3, confidence: 10 },
      { period: '2030-01', predicted: 0, actual: 700, deals: 1, confidence: 0 },
      { period: '2030-02', predicted: 1250, actual: null, deals: 2, confidence: 63 },
      { period: '2030-03', predicted: 0, actual: null, deals: 0, confidence: 0 },
    ]);
  });
});

describe('conversion, velocity, metrics', () => {
  it('conversion = won / (won + lost), one decimal; 0 with nothing closed', () => {
    expect(conversionRate(2, 1)).toBe(66.7);
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(3, 0)).toBe(100);
  });
  it('velocity = % change of won value, last 30 days vs the 30 before; +100 from nothing, 0 for nothing', () => {
    expect(velocityTrend(1500, 1000)).toBe(50);
    expect(velocityTrend(1000, 3000)).toBe(-66.7);
    expect(velocityTrend(10, 0)).toBe(100);
    expect(velocityTrend(0, 0)).toBe(0);
  });
  it('builds the metrics and a monthly series ending with the current month', () => {
    const agg: DealMetricsAggregates = {
      totalValue: 11500.004,
      weightedValue: 8300,
      openDeals: 3,
      wonDeals: 2,
      lostDeals: 1,
      wonValue: 4000,
      wonLast30: 1000,
      wonPrevious30: 3000,
      averageCycleDays: 17.4999,
      created: [{ period: '2029-12', deals: 4 }],
      closed: [
        { period: '2030-01', stage: 'closed_won', deals: 1, value: 1000 },
        { period: '2030-01', stage: 'closed_lost', deals: 1, value: 500 },
        { period: '2029-08', stage: 'closed_won', deals: 1, value: 3000 },
      ],
    };
    expect(buildMetrics(agg, { now, months: 3 })).toEqual({
      totalValue: 11500,
      weightedValue: 8300,
      averageDealSize: 2000,
      conversionRate: 66.7,
      averageCycleTime: 17.5,
      velocityTrend: -66.7,
      openDeals: 3,
      wonDeals: 2,
      lostDeals: 1,
      monthly: [
        { period: '2029-11', createdDeals: 0, wonDeals: 0, lostDeals: 0, wonValue: 0 },
        { period: '2029-12', createdDeals: 4, wonDeals: 0, lostDeals: 0, wonValue: 0 },
        { period: '2030-01', createdDeals: 0, wonDeals: 1, lostDeals: 1, wonValue: 1000 },
      ],
    });
    expect(buildMetrics({ ...agg, wonDeals: 0, lostDeals: 0, wonValue: 0, averageCycleDays: null }, { now, months: 1 })).toMatchObject({
      averageDealSize: 0,
      conversionRate: 0,
      averageCycleTime: 0,
    });
  });
});
