import { z } from 'zod';
import { CRM_LIMITS, DEAL_STAGES, LEAD_SOURCES, isCalendarDay, type DealStage, type LeadSource } from '../crm/crm.constants.ts';
import { entityId, money, oneOf, percent, requiredText, searchText, tagList, withinCrmYears } from '../crm/crm.input.ts';

/**
 * The probability a deal gets when it is created in or moved to a stage without an explicit probability
 * (docs/CRM.md "Deals and the pipeline"). A probability sent with the create or the move wins.
 */
export const DEAL_STAGE_PROBABILITY: Record<DealStage, number> = {
  prospecting: 10,
  qualification: 25,
  proposal: 50,
  negotiation: 75,
  closed_won: 100,
  closed_lost: 0,
};

export const CLOSED_DEAL_STAGES = ['closed_won', 'closed_lost'] as const satisfies readonly DealStage[];
export const isClosedStage = (stage: DealStage) => stage === 'closed_won' || stage === 'closed_lost';

const stageField = z.enum(DEAL_STAGES, { error: oneOf(DEAL_STAGES) });
const leadSourceField = z
  .enum(LEAD_SOURCES, { error: oneOf(LEAD_SOURCES) })
  .nullish()
  .transform((v) => v ?? null);
/** A calendar date `YYYY-MM-DD` (an ISO date-time is cut to its date); empty → null. */
const closeDateField = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .trim()
  .nullish()
  .transform((v) => (v ? v.slice(0, 10) : null))
  .refine((v) => v === null || isCalendarDay(v), 'must be a date (YYYY-MM-DD)')
  .refine(...withinCrmYears);
const assigneeField = z.string({ error: 'must be a user id' }).uuid({ error: 'must be a user id' });

const dealFields = {
  title: requiredText(CRM_LIMITS.title),
  value: money,
  probability: percent,
  customerId: entityId('customer'),
  assignedTo: assigneeField.nullable(),
  expectedCloseDate: closeDateField,
  leadSource: leadSourceField,
  tags: tagList,
};

/**
 * Add Deal (tRPC `deals.create`, REST `POST /api/crm/deals`). `stage` defaults to prospecting, `probability` to
 * the stage's DEAL_STAGE_PROBABILITY; `assignedTo` left out becomes the creator.
 */
export const dealCreateInput = z.object({
  title: dealFields.title,
  value: dealFields.value,
  probability: percent.nullish(),
  stage: stageField.default('prospecting'),
  customerId: dealFields.customerId,
  assignedTo: assigneeField.nullish(),
  expectedCloseDate: dealFields.expectedCloseDate,
  leadSource: dealFields.leadSource,
  tags: tagList.default([]),
  /** Optional client-chosen id (idempotent retries, seeding); a fresh one otherwise. */
  id: z.string().uuid({ error: 'must be a deal id' }).optional(),
});
export type DealCreateInput = z.output<typeof dealCreateInput>;
export type DealCreatePayload = z.input<typeof dealCreateInput>;

/** Edit (tRPC `deals.update`): any subset of the fields; left out = unchanged, `null` clears an optional one. */
export const dealUpdateInput = z.object({
  id: entityId('deal'),
  title: dealFields.title.optional(),
  value: dealFields.value.optional(),
  probability: dealFields.probability.optional(),
  customerId: dealFields.customerId.optional(),
  assignedTo: dealFields.assignedTo.optional(),
  expectedCloseDate: dealFields.expectedCloseDate.optional(),
  leadSource: dealFields.leadSource.optional(),
  tags: dealFields.tags.optional(),
});
export type DealUpdateInput = z.output<typeof dealUpdateInput>;
export type DealUpdatePayload = z.input<typeof dealUpdateInput>;

/** REST `PUT /api/crm/deals/{id}`: the update fields and/or `stage` (spec 02 §7 sends `{stage}` after a drag). */
export const dealRestUpdateInput = dealUpdateInput.omit({ id: true }).extend({ stage: stageField.optional() });
export type DealRestUpdateInput = z.output<typeof dealRestUpdateInput>;

/** Drag to another column (tRPC `deals.move`). Same stage → nothing is written. */
export const dealMoveInput = z.object({
  id: entityId('deal'),
  stage: stageField,
  /** Defaults to the target stage's DEAL_STAGE_PROBABILITY. */
  probability: percent.optional(),
});
export type DealMoveInput = z.output<typeof dealMoveInput>;
export type DealMovePayload = z.input<typeof dealMoveInput>;

export const dealIdInput = z.object({ id: entityId('deal') });

/** Most cards the board sends per column (`perStage`, default) and the largest page a client may ask for. */
export const DEAL_BOARD_PAGE = { perStage: 50, max: 200 } as const;
const boardPageSize = (fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from 1 to ${DEAL_BOARD_PAGE.max}` })
    .int(`must be a whole number from 1 to ${DEAL_BOARD_PAGE.max}`)
    .min(1, `must be a whole number from 1 to ${DEAL_BOARD_PAGE.max}`)
    .max(DEAL_BOARD_PAGE.max, `must be a whole number from 1 to ${DEAL_BOARD_PAGE.max}`)
    .default(fallback);

/**
 * The Kanban board (tRPC `deals.board`): search over title, customer name and company; the first `perStage`
 * cards of each column (newest first); the columns' numbers and the summary cover every matching deal.
 */
export const dealBoardInput = z
  .object({ search: searchText, perStage: boardPageSize(DEAL_BOARD_PAGE.perStage) })
  .default({ search: '', perStage: DEAL_BOARD_PAGE.perStage });
export type DealBoardInput = z.output<typeof dealBoardInput>;

/**
 * Where a column's next page starts: the last card sent (board order: created_at DESC, id DESC). A cursor, not
 * an offset, so cards moved in or out of the column meanwhile neither repeat nor get skipped.
 */
export const dealBoardCursor = z.object({
  createdAt: z.iso.datetime({ error: 'must be an ISO date-time' }),
  id: z.uuid({ error: 'must be a deal id' }),
});
export type DealBoardCursor = z.output<typeof dealBoardCursor>;

/** One column's next cards (tRPC `deals.stagePage`, the column's "Show more"): same order and search as the board. */
export const dealStagePageInput = z.object({
  stage: stageField,
  search: searchText,
  after: dealBoardCursor,
  limit: boardPageSize(DEAL_BOARD_PAGE.perStage),
});
export type DealStagePageInput = z.output<typeof dealStagePageInput>;

/** Revenue forecast: `months` ahead (the current month included) and `pastMonths` before it. */
export const dealForecastInput = z
  .object({
    months: z.coerce.number({ error: 'must be a whole number from 1 to 24' }).int('must be a whole number from 1 to 24').min(1, 'must be a whole number from 1 to 24').max(24, 'must be a whole number from 1 to 24').default(6),
    pastMonths: z.coerce.number({ error: 'must be a whole number from 0 to 24' }).int('must be a whole number from 0 to 24').min(0, 'must be a whole number from 0 to 24').max(24, 'must be a whole number from 0 to 24').default(3),
  })
  .default({ months: 6, pastMonths: 3 });
export type DealForecastInput = z.output<typeof dealForecastInput>;

/** Pipeline metrics; `months` = length of the monthly series (ending with the current month). */
export const dealMetricsInput = z
  .object({
    months: z.coerce.number({ error: 'must be a whole number from 1 to 24' }).int('must be a whole number from 1 to 24').min(1, 'must be a whole number from 1 to 24').max(24, 'must be a whole number from 1 to 24').default(6),
  })
  .default({ months: 6 });
export type DealMetricsInput = z.output<typeof dealMetricsInput>;

// ---- Views: what the read model returns to clients ----

/** A deal card (spec 02 §3 "Deal (server, pipeline)") with the customer and assignee names joined. */
export interface DealView {
  id: string;
  title: string;
  /** Dollars. */
  value: number;
  probability: number;
  stage: DealStage;
  customerId: string;
  customerName: string | null;
  customerCompany: string | null;
  assignedTo: string | null;
  assignedToName: string | null;
  /** YYYY-MM-DD */
  expectedCloseDate: string | null;
  leadSource: LeadSource | null;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  /** When it moved into closed_won / closed_lost; null while open. */
  closedAt: string | null;
}

/** A deleted deal (tRPC `deals.listDeleted`, admins with `crm:restore`): the deal as it was, and when it was deleted. */
export interface DeletedDealView extends DealView {
  deletedAt: string;
  deletedBy: string | null;
  deletedByName: string | null;
}

export interface DealBoardColumn {
  stage: DealStage;
  /** The column's first cards (at most `perStage`, newest first); `count` covers every matching deal. */
  deals: DealView[];
  count: number;
  /** Σ value of the column's deals. */
  totalValue: number;
  /** totalValue / count (0 for an empty column). */
  averageValue: number;
  /** The last card sent when the column has more (pass it to `deals.stagePage`); null when every card was sent. */
  next: DealBoardCursor | null;
}

export interface DealBoardSummary {
  /** Total Pipeline Value: Σ value of every matching OPEN deal (the four open stages, cards sent or not; not closed won or lost). */
  totalValue: number;
  /** Weighted Pipeline: Σ value × probability / 100 of every matching open deal. */
  weightedValue: number;
  /** Deals shown in the four open stages. */
  activeDeals: number;
  /** Deals shown in closed_won. */
  wonDeals: number;
}

/** `deals.stagePage`: the column's cards after the cursor; `next` when cards follow them, else null. */
export interface DealStagePage {
  stage: DealStage;
  deals: DealView[];
  next: DealBoardCursor | null;
}

export interface DealBoardResult {
  /** The six stages in DEAL_STAGES order. */
  stages: DealBoardColumn[];
  summary: DealBoardSummary;
}

/** A forecast row (spec 02 §3 "Forecast row"). */
export interface ForecastRow {
  /** YYYY-MM */
  period: string;
  /** Σ value × probability / 100 of the open deals expected to close that month. */
  predicted: number;
  /** Value won that month (by closedAt); null for future months. */
  actual: number | null;
  /** Open deals expected to close that month + deals won that month. */
  deals: number;
  /** Mean probability (%) of the month's open deals; 0 when there are none. */
  confidence: number;
}

export interface DealForecastResult {
  rows: ForecastRow[];
}

export interface DealMetricsMonth {
  /** YYYY-MM */
  period: string;
  createdDeals: number;
  wonDeals: number;
  lostDeals: number;
  /** Value won that month (by closedAt). */
  wonValue: number;
}

/** Pipeline metrics (spec 02 §3), over every deal in the actor's scope. */
export interface DealMetrics {
  /** Σ value of all deals (as the board's Total Pipeline Value with no search). */
  totalValue: number;
  /** Σ value × probability / 100 of all deals. */
  weightedValue: number;
  /** Mean value of won deals (0 when none). */
  averageDealSize: number;
  /** won / (won + lost) × 100, one decimal (0 when none closed). */
  conversionRate: number;
  /** Mean days from creation to closed_won of the won deals, one decimal (0 when none). */
  averageCycleTime: number;
  /** % change of value won in the last 30 days vs the 30 days before, one decimal. */
  velocityTrend: number;
  openDeals: number;
  wonDeals: number;
  lostDeals: number;
  monthly: DealMetricsMonth[];
}
