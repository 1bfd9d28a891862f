/**
 * The deals service (spec 02 Sales Pipeline; docs/CRM.md "Deals and the pipeline"): commands through the deal
 * decider, reads from the `crm_deals` read model (read-your-writes: a command's caller waits for the
 * projection before reading back). Usable from a script (seed, benches): `createDealsService({ pool, store })`,
 * with `now` for the forecast and metrics' "today" (default: the clock) — commands take their time from ctx.now.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  DEAL_STAGES,
  actorReaches,
  DEAL_ERRORS,
  domainError,
  dealStreamId,
  type CrmActor,
  type DealBoardInput,
  type DealBoardResult,
  type DealStagePage,
  type DealStagePageInput,
  type DealCreateInput,
  type DealForecastInput,
  type DealForecastResult,
  type DealMetrics,
  type DealMetricsInput,
  type DealMoveInput,
  type DealView,
  type DeletedDealView,
  type EventStore,
} from '@crm/contracts';
import { dealForecastBuckets, dealMetricsAggregates, dealStageAggregates, findDeal, listBoardCards, listDeals, listDeletedDeals, listStageCards } from '@crm/projections';
import { foldHistory, handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import { needsAssigneeFacts } from '../crm/crm-assignee.ts';
import { readCustomerFacts } from '../customers/customer.facts.ts';
import { readAssigneeFacts } from '../identity/user.facts.ts';
import { boardCursor, buildBoard, buildForecast, buildMetrics, monthStartDate } from './deal-analytics.ts';
import { dealDecider, type DealCommand, type DealPatch, type DealState } from './deal.decider.ts';

export const DEALS_PROJECTION = 'crm_deals';
/** Most deleted deals `listDeleted` answers (the most recently deleted). */
export const DELETED_DEALS_LIMIT = 200;

export interface DealsServiceDeps {
  pool: pg.Pool;
  store: EventStore;
  /** "Now" for the forecast and metrics (default: the clock). */
  now?: () => Date;
}

export interface DealsService {
  /** The Kanban board: every deal in scope matching the search, by stage, with the summary cards. */
  board(actor: CrmActor, input: DealBoardInput): Promise<DealBoardResult>;
  /** One column's next cards (the column's "Show more"), in board order. */
  stagePage(actor: CrmActor, input: DealStagePageInput): Promise<DealStagePage>;
  /** Every deal in scope, newest first (REST `GET /api/crm/deals`). */
  list(actor: CrmActor): Promise<DealView[]>;
  /** One live deal in the actor's reach (a deal's deep link); not_found otherwise (unknown, deleted or someone else's). */
  get(actor: CrmActor, id: string): Promise<DealView>;
  /** `readBack: false` (bulk scripts) skips waiting for the read model and returns the view from the event. */
  create(actor: CrmActor, input: DealCreateInput, ctx: CommandContext, options?: { readBack?: boolean }): Promise<DealView>;
  /** Fields and/or stage; nothing changed → nothing written, the deal as it is. */
  update(actor: CrmActor, id: string, patch: DealPatch, ctx: CommandContext, options?: { readBack?: boolean }): Promise<DealView>;
  /** Same stage → nothing written, the deal as it is. Deleted or unknown → not_found. */
  move(actor: CrmActor, input: DealMoveInput, ctx: CommandContext, options?: { readBack?: boolean }): Promise<DealView>;
  /** Soft delete: the deal leaves the board and every list, kept for `restore`. */
  delete(actor: CrmActor, id: string, ctx: CommandContext): Promise<void>;
  /** A deleted deal back as it was (the edge admits only `crm:restore`); not deleted → conflict `deal_not_deleted`. */
  restore(actor: CrmActor, id: string, ctx: CommandContext): Promise<DealView>;
  /** The deleted deals in scope, most recently deleted first (the edge admits only `crm:restore`). */
  listDeleted(actor: CrmActor): Promise<DeletedDealView[]>;
  forecast(actor: CrmActor, input: DealForecastInput): Promise<DealForecastResult>;
  metrics(actor: CrmActor, input: DealMetricsInput): Promise<DealMetrics>;
}

/** A deal's view from its state, for when the read model is not read back (names unknown). */
function viewFromState(s: Extract<DealState, { exists: true }>, createdAt: string, updatedAt: string): DealView {
  return {
    id: s.dealId,
    ...s.fields,
    stage: s.stage,
    customerName: null,
    customerCompany: null,
    assignedToName: null,
    createdAt,
    updatedAt,
    closedAt: s.closedAt,
  };
}

export function createDealsService(deps: DealsServiceDeps): DealsService {
  const { pool, store } = deps;
  const now = deps.now ?? (() => new Date());
  const ownerOf = (actor: CrmActor) => (actor.scope === 'all' ? null : actor.userId);

  /** Facts about the assignee a command names, when the deal decider needs them (crm/crm-assignee.ts). */
  const assigneeFacts = (actor: CrmActor, assignedTo: string | null | undefined) => (needsAssigneeFacts(actor, assignedTo) ? readAssigneeFacts(store, assignedTo) : null);

  async function run(command: DealCommand, ctx: CommandContext, options: { expectNew?: boolean; readBack?: boolean } = {}): Promise<DealView> {
    const streamId = dealStreamId(command.dealId);
    const result = await handleCommand(store, streamId, dealDecider, command, ctx, { expectNew: options.expectNew ?? false });
    const fallback = () => {
      const state = result.events.reduce(dealDecider.evolve, foldHistory(dealDecider, result.history));
      if (!state.exists || state.deleted) throw domainError(DEAL_ERRORS.deal_not_found);
      const createdAt = result.history[0]?.data ? (result.history[0].data as { createdAt: string }).createdAt : ctx.now.toISOString();
      return viewFromState(state, createdAt, result.events.length ? ctx.now.toISOString() : (result.history.at(-1)?.timestamp.toISOString() ?? createdAt));
    };
    if (options.readBack === false) return fallback();
    await waitForProjection(deps, DEALS_PROJECTION, result.checkpoint);
    return (await findDeal(pool, command.dealId)) ?? fallback();
  }

  return {
    async board(actor, input) {
      const scope = { ownerId: ownerOf(actor), search: input.search };
      // Two indexed statements side by side: the columns' numbers over every match, and the first cards per column.
      const [aggregates, cards] = await Promise.all([
        dealStageAggregates(pool, scope),
        listBoardCards(pool, { ...scope, stages: DEAL_STAGES, perStage: input.perStage }),
      ]);
      return buildBoard(aggregates, cards);
    },

    async stagePage(actor, input) {
      const { deals, hasMore } = await listStageCards(pool, { ownerId: ownerOf(actor), search: input.search, stage: input.stage, after: input.after, limit: input.limit });
      return { stage: input.stage, deals, next: hasMore ? boardCursor(deals.at(-1)!) : null };
    },

    list: (actor) => listDeals(pool, { ownerId: ownerOf(actor) }),

    async get(actor, id) {
      const deal = await findDeal(pool, id);
      if (!deal || !actorReaches(actor, deal.assignedTo)) throw domainError(DEAL_ERRORS.deal_not_found);
      return deal;
    },

    async create(actor, input, ctx, options = {}) {
      const [customer, assignee] = await Promise.all([readCustomerFacts(store, input.customerId), assigneeFacts(actor, input.assignedTo)]);
      const dealId = input.id ?? randomUUID();
      return run({ type: 'CreateDeal', dealId, actor, input, customer, assignee }, ctx, { expectNew: true, readBack: options.readBack ?? true });
    },

    async update(actor, id, patch, ctx, options = {}) {
      const [customer, assignee] = await Promise.all([
        patch.customerId !== undefined ? readCustomerFacts(store, patch.customerId) : null,
        assigneeFacts(actor, patch.assignedTo),
      ]);
      return run({ type: 'UpdateDeal', dealId: id, actor, patch, customer, assignee }, ctx, options);
    },

    move: (actor, input, ctx, options = {}) =>
      run({ type: 'MoveDeal', dealId: input.id, actor, stage: input.stage, probability: input.probability }, ctx, options),

    async delete(actor, id, ctx) {
      const result = await handleCommand(store, dealStreamId(id), dealDecider, { type: 'DeleteDeal', dealId: id, actor }, ctx);
      await waitForProjection(deps, DEALS_PROJECTION, result.checkpoint);
    },

    restore: (actor, id, ctx) => run({ type: 'RestoreDeal', dealId: id, actor }, ctx),

    listDeleted: (actor) => listDeletedDeals(pool, { ownerId: ownerOf(actor), limit: DELETED_DEALS_LIMIT }),

    async forecast(actor, input) {
      const at = now();
      const buckets = await dealForecastBuckets(pool, {
        ownerId: ownerOf(actor),
        from: monthStartDate(at, -input.pastMonths),
        to: monthStartDate(at, input.months),
      });
      return { rows: buildForecast(buckets, { now: at, months: input.months, pastMonths: input.pastMonths }) };
    },

    async metrics(actor, input) {
      const at = now();
      const agg = await dealMetricsAggregates(pool, { ownerId: ownerOf(actor), now: at, monthsFrom: monthStartDate(at, 1 - input.months) });
      return buildMetrics(agg, { now: at, months: input.months });
    },
  };
}
