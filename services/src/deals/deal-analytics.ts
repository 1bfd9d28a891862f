/**
 * Pure computations behind the pipeline board, the revenue forecast and the pipeline metrics
 * (docs/CRM.md "Deals and the pipeline"). No I/O: the queries (projections/src/crm/deals.queries.ts) hand
 * over deals or per-month sums; everything here is unit-tested (services/test/crm/deals/deal-analytics.unit.spec.ts).
 * Months are calendar months in UTC, written `YYYY-MM`.
 */
import {
  DEAL_STAGES,
  OPEN_DEAL_STAGES,
  type DealBoardCursor,
  type DealBoardResult,
  type DealMetrics,
  type DealMetricsMonth,
  type DealView,
  type ForecastRow,
} from '@crm/contracts';
import type { DealForecastBuckets, DealMetricsAggregates, DealStageAggregate } from '@crm/projections';

/** Dollars rounded to cents. */
export const cents = (v: number) => Math.round(v * 100) / 100;
/** One decimal. */
export const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** `YYYY-MM` of the month `offset` months after the one holding `now` (UTC). */
export function monthPeriod(now: Date, offset = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/** `YYYY-MM-01` of the month `offset` months after the one holding `now` (UTC). */
export function monthStartDate(now: Date, offset = 0): string {
  return `${monthPeriod(now, offset)}-01`;
}

/** `count` consecutive periods starting `offset` months from now's month. */
export function monthPeriods(now: Date, offset: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => monthPeriod(now, offset + i));
}

const OPEN = new Set<string>(OPEN_DEAL_STAGES);

/**
 * The board: the six stages in order, each with its cards (the first page, in the given order), and count,
 * Σ value and average (Σ / count, 0 when empty) over EVERY matching deal of the stage (`aggregates`); the
 * summary over every matching deal (spec 02 §9): total = Σ value and weighted = Σ value × probability / 100 of
 * the OPEN deals (not closed won or lost: they are no longer pipeline), active = deals in open stages,
 * won = deals in closed_won.
 */
/** A column's paging cursor: the card's place in board order. */
export const boardCursor = (deal: Pick<DealView, 'createdAt' | 'id'>): DealBoardCursor => ({ createdAt: deal.createdAt, id: deal.id });

export function buildBoard(aggregates: readonly DealStageAggregate[], cards: readonly DealView[]): DealBoardResult {
  const byStage = new Map(DEAL_STAGES.map((s) => [s, [] as DealView[]]));
  for (const d of cards) byStage.get(d.stage)?.push(d);
  const numbers = new Map(aggregates.map((a) => [a.stage, a]));
  let total = 0;
  let weighted = 0;
  let active = 0;
  let won = 0;
  for (const a of aggregates) {
    // Total Pipeline Value and Weighted Pipeline: open deals only (closed won or lost is no longer pipeline).
    if (OPEN.has(a.stage)) {
      total += a.totalValue;
      weighted += a.weightedValue;
      active += a.count;
    }
    if (a.stage === 'closed_won') won += a.count;
  }
  return {
    stages: DEAL_STAGES.map((stage) => {
      const a = numbers.get(stage);
      const count = a?.count ?? 0;
      const sum = a?.totalValue ?? 0;
      const deals = byStage.get(stage)!;
      const last = deals.at(-1);
      const next = last && deals.length < count ? boardCursor(last) : null;
      return { stage, deals, count, totalValue: cents(sum), averageValue: count ? cents(sum / count) : 0, next };
    }),
    summary: { totalValue: cents(total), weightedValue: cents(weighted), activeDeals: active, wonDeals: won },
  };
}

/**
 * Forecast rows for `pastMonths` months before now's month, now's month and the months after it (`months`
 * in all from now's month on):
 * - predicted = Σ value × probability / 100 of the open deals expected to close that month;
 * - actual = value won that month (by closedAt) for past months and the current one, null for future months;
 * - deals = open deals expected that month + deals won that month;
 * - confidence = mean probability (%) of the month's open deals, rounded; 0 when there are none.
 */
export function buildForecast(buckets: DealForecastBuckets, options: { now: Date; months: number; pastMonths: number }): ForecastRow[] {
  const open = new Map(buckets.open.map((b) => [b.period, b]));
  const won = new Map(buckets.won.map((b) => [b.period, b]));
  const current = monthPeriod(options.now);
  return monthPeriods(options.now, -options.pastMonths, options.pastMonths + options.months).map((period) => {
    const o = open.get(period);
    const w = won.get(period);
    return {
      period,
      predicted: cents(o?.weighted ?? 0),
      actual: period <= current ? cents(w?.value ?? 0) : null,
      deals: (o?.deals ?? 0) + (w?.deals ?? 0),
      confidence: o && o.deals > 0 ? Math.round(o.probabilitySum / o.deals) : 0,
    };
  });
}

/** won / (won + lost) in %, one decimal; 0 when no deal is closed. */
export function conversionRate(won: number, lost: number): number {
  return won + lost === 0 ? 0 : oneDecimal((won / (won + lost)) * 100);
}

/**
 * Velocity trend: % change of the value won in the last 30 days against the 30 days before, one decimal.
 * Nothing won before: +100 when something was won since, else 0.
 */
export function velocityTrend(wonLast30: number, wonPrevious30: number): number {
  if (wonPrevious30 === 0) return wonLast30 > 0 ? 100 : 0;
  return oneDecimal(((wonLast30 - wonPrevious30) / wonPrevious30) * 100);
}

/** Pipeline metrics from the aggregates; `monthly` covers `months` months ending with now's month. */
export function buildMetrics(agg: DealMetricsAggregates, options: { now: Date; months: number }): DealMetrics {
  const created = new Map(agg.created.map((c) => [c.period, c.deals]));
  const closed = new Map(agg.closed.map((c) => [`${c.period}/${c.stage}`, c]));
  const monthly: DealMetricsMonth[] = monthPeriods(options.now, 1 - options.months, options.months).map((period) => ({
    period,
    createdDeals: created.get(period) ?? 0,
    wonDeals: closed.get(`${period}/closed_won`)?.deals ?? 0,
    lostDeals: closed.get(`${period}/closed_lost`)?.deals ?? 0,
    wonValue: cents(closed.get(`${period}/closed_won`)?.value ?? 0),
  }));
  return {
    totalValue: cents(agg.totalValue),
    weightedValue: cents(agg.weightedValue),
    averageDealSize: agg.wonDeals ? cents(agg.wonValue / agg.wonDeals) : 0,
    conversionRate: conversionRate(agg.wonDeals, agg.lostDeals),
    averageCycleTime: agg.averageCycleDays === null ? 0 : oneDecimal(agg.averageCycleDays),
    velocityTrend: velocityTrend(agg.wonLast30, agg.wonPrevious30),
    openDeals: agg.openDeals,
    wonDeals: agg.wonDeals,
    lostDeals: agg.lostDeals,
    monthly,
  };
}
