import { OPEN_DEAL_STAGES, type DealBoardColumn, type DealBoardResult, type DealStage, type DealStagePage, type DealView } from '@crm/contracts';

const isOpen = (stage: DealStage) => (OPEN_DEAL_STAGES as readonly DealStage[]).includes(stage);
/** What a deal adds to Total Pipeline Value / Weighted Pipeline: its value while open, nothing once closed. */
const openValue = (deal: DealView) => (isOpen(deal.stage) ? deal.value : 0);
const openWeighted = (deal: DealView) => (isOpen(deal.stage) ? (deal.value * deal.probability) / 100 : 0);
const cents = (value: number) => Math.round(value * 100) / 100;

function withTotals(column: DealBoardColumn, deals: DealView[], countDelta: number, valueDelta: number): DealBoardColumn {
  const count = Math.max(0, column.count + countDelta);
  const totalValue = cents(column.totalValue + valueDelta);
  return { ...column, deals, count, totalValue, averageValue: count === 0 ? 0 : cents(totalValue / count) };
}

/**
 * The board with `deal` shown in the column of `deal.stage` at `index` (the top when left out), taken out of
 * the column that holds it now. Column counts and totals and the summary change by the difference, so the
 * headers and cards follow a move at once (the server's numbers replace them when the board reloads).
 * A deal the board does not hold is left out (it was deleted or filtered away meanwhile). Columns may be
 * partial (the board sends the first page of each): count and total are the column's numbers over every deal,
 * so a card moved into a truncated column goes on top and the numbers still move by its value.
 */
export function placeDeal(board: DealBoardResult, deal: DealView, index = 0): DealBoardResult {
  const current = board.stages.flatMap((column) => column.deals).find((shown) => shown.id === deal.id);
  if (!current) return board;
  const stages = board.stages.map((column) => {
    let deals = column.deals;
    let countDelta = 0;
    let valueDelta = 0;
    if (column.stage === current.stage) {
      deals = deals.filter((shown) => shown.id !== deal.id);
      countDelta -= 1;
      valueDelta -= current.value;
    }
    if (column.stage === deal.stage) {
      const at = Math.max(0, Math.min(index, deals.length));
      deals = [...deals.slice(0, at), deal, ...deals.slice(at)];
      countDelta += 1;
      valueDelta += deal.value;
    }
    return deals === column.deals ? column : withTotals(column, deals, countDelta, valueDelta);
  });
  const { summary } = board;
  return {
    stages,
    summary: {
      // Total Pipeline Value and Weighted Pipeline count open deals only (as the server does).
      totalValue: cents(summary.totalValue - openValue(current) + openValue(deal)),
      weightedValue: cents(summary.weightedValue - openWeighted(current) + openWeighted(deal)),
      activeDeals: summary.activeDeals - Number(isOpen(current.stage)) + Number(isOpen(deal.stage)),
      wonDeals: summary.wonDeals - Number(current.stage === 'closed_won') + Number(deal.stage === 'closed_won'),
    },
  };
}

/** Where the board shows a deal now: its column and position, or null. */
export function findDeal(board: DealBoardResult, id: string): { stage: DealStage; index: number; deal: DealView } | null {
  for (const column of board.stages) {
    const index = column.deals.findIndex((deal) => deal.id === id);
    if (index >= 0) return { stage: column.stage, index, deal: column.deals[index]! };
  }
  return null;
}

/** The deals of each column, by stage (every stage present, empty when the board has none). */
export function dealsByStage(board: DealBoardResult | undefined, stages: readonly DealStage[]): Record<DealStage, DealView[]> {
  const out = Object.fromEntries(stages.map((stage) => [stage, [] as DealView[]])) as Record<DealStage, DealView[]>;
  for (const column of board?.stages ?? []) out[column.stage] = column.deals;
  return out;
}

/**
 * The board with a column's next page ("Show more") appended to its column, whose cursor moves on to the page's
 * own; cards the board already shows are not repeated (a card moved in meanwhile). Count, totals and summary
 * stay: they already cover every deal.
 */
export function appendStageCards(board: DealBoardResult, page: DealStagePage): DealBoardResult {
  const shown = new Set(board.stages.flatMap((column) => column.deals.map((deal) => deal.id)));
  const added = page.deals.filter((deal) => !shown.has(deal.id));
  return {
    ...board,
    stages: board.stages.map((column) => (column.stage === page.stage ? { ...column, deals: [...column.deals, ...added], next: page.next } : column)),
  };
}
