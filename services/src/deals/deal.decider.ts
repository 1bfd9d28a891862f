/**
 * The deal aggregate (spec 02 §3 "Deal (server, pipeline)", §4 "Deal stage"; docs/CRM.md "Deals and the
 * pipeline"). Pure: every command carries the actor and, when it names a customer, the facts about that
 * customer (read from its stream by the service), so every rule is decided here:
 * - a deal belongs to a live customer the actor reaches;
 * - a `crm:own` actor reaches only deals assigned to them and may only assign to themselves;
 * - a new assignee other than the actor is an active, approved account (facts passed in the command);
 * - a deal may move from any stage to any other; a move to its own stage writes nothing;
 * - a move sets the target stage's default probability (DEAL_STAGE_PROBABILITY) unless one is given;
 * - entering closed_won / closed_lost stamps closedAt; moving back to an open stage clears it;
 * - a delete is soft: the deal is kept and may be restored (RestoreDeal; the edge lets only `crm:restore` ask);
 *   a deleted deal cannot be changed, moved or deleted again (not found) until it is restored.
 */
import {
  DEAL_STAGE_PROBABILITY,
  CRM_ERRORS,
  CUSTOMER_ERRORS,
  DEAL_ERRORS,
  domainError,
  actorReaches,
  isClosedStage,
  type CrmActor,
  type DealCreateInput,
  type DealEvent,
  type DealFields,
  type DealStage,
  type DealUpdateInput,
} from '@crm/contracts';
import { requireActiveAssignee, type AssigneeFacts } from '../crm/crm-assignee.ts';
import type { CustomerFacts as CustomerFactsOfCustomers } from '../customers/customer.facts.ts';
import type { CommandContext, Decider } from '../platform/decider.ts';

/** The facts about a deal's customer (customers/customer.facts.ts gathers them). */
export type CustomerFacts = Pick<CustomerFactsOfCustomers, 'exists' | 'deleted' | 'assignedTo'>;

export type DealState =
  | { exists: false }
  | { exists: true; dealId: string; fields: DealFields; stage: DealStage; closedAt: string | null; deleted: boolean };

type Existing = Extract<DealState, { exists: true }>;

export type DealPatch = Omit<DealUpdateInput, 'id'> & { stage?: DealStage };

export type DealCommand =
  /** `assignee`: facts about `input.assignedTo` when it is someone other than the actor (crm/crm-assignee.ts). */
  | { type: 'CreateDeal'; dealId: string; actor: CrmActor; input: DealCreateInput; customer: CustomerFacts; assignee?: AssigneeFacts | null }
  /** `customer`: facts about `patch.customerId` when the patch names a customer. */
  | { type: 'UpdateDeal'; dealId: string; actor: CrmActor; patch: DealPatch; customer: CustomerFacts | null; assignee?: AssigneeFacts | null }
  | { type: 'MoveDeal'; dealId: string; actor: CrmActor; stage: DealStage; probability?: number | undefined }
  | { type: 'DeleteDeal'; dealId: string; actor: CrmActor }
  | { type: 'RestoreDeal'; dealId: string; actor: CrmActor };

const FIELD_NAMES = ['title', 'value', 'probability', 'customerId', 'assignedTo', 'expectedCloseDate', 'leadSource', 'tags'] as const satisfies readonly (keyof DealFields)[];

const initialState: DealState = { exists: false };

function evolve(state: DealState, event: DealEvent): DealState {
  switch (event.type) {
    case 'DealCreated': {
      const { dealId, stage, closedAt, createdAt: _c, createdBy: _b, ...rest } = event.data;
      const fields = Object.fromEntries(FIELD_NAMES.map((f) => [f, rest[f]])) as DealFields;
      return { exists: true, dealId, fields, stage, closedAt, deleted: false };
    }
    case 'DealUpdated':
      if (!state.exists) return state;
      return { ...state, fields: { ...state.fields, ...stripUndefined(event.data.changes) } };
    case 'DealStageChanged':
      if (!state.exists) return state;
      return { ...state, stage: event.data.to, closedAt: event.data.closedAt, fields: { ...state.fields, probability: event.data.probability } };
    case 'DealDeleted':
      if (!state.exists) return state;
      return { ...state, deleted: true };
    case 'DealRestored':
      if (!state.exists) return state;
      return { ...state, deleted: false };
    default: {
      const never: never = event;
      return never;
    }
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const notFound = () => domainError(DEAL_ERRORS.deal_not_found);

/** The deal exists, is not deleted (unless `allowDeleted`) and is in the actor's reach. */
function requireReachable(state: DealState, actor: CrmActor, options: { allowDeleted?: boolean } = {}): Existing {
  if (!state.exists || (state.deleted && !options.allowDeleted)) throw notFound();
  if (!actorReaches(actor, state.fields.assignedTo)) {
    throw domainError(DEAL_ERRORS.deal_out_of_scope);
  }
  return state;
}

/** A `crm:own` actor may only assign to themselves. */
function requireAssignable(actor: CrmActor, assignedTo: string | null): void {
  if (actor.scope === 'own' && assignedTo !== actor.userId) {
    throw domainError(CRM_ERRORS.assign_forbidden, { records: 'deals' });
  }
}

/** A deal's customer must exist, be live and be in the actor's reach (out of reach reads as not found). */
function requireCustomer(actor: CrmActor, customer: CustomerFacts | null): void {
  if (!customer || !customer.exists || !actorReaches(actor, customer.assignedTo)) {
    throw domainError(CUSTOMER_ERRORS.customer_not_found, { kind: 'unprocessable' });
  }
  if (customer.deleted) throw domainError(CUSTOMER_ERRORS.customer_deleted, { kind: 'unprocessable' });
}

function stageChange(s: Existing, to: DealStage, probability: number | undefined, at: string, by: string | null): DealEvent {
  return {
    type: 'DealStageChanged',
    data: {
      dealId: s.dealId,
      from: s.stage,
      to,
      probability: probability ?? DEAL_STAGE_PROBABILITY[to],
      closedAt: isClosedStage(to) ? at : null,
      changedAt: at,
      changedBy: by,
    },
  };
}

function decide(command: DealCommand, state: DealState, ctx: CommandContext): DealEvent[] {
  const at = ctx.now.toISOString();
  const by = command.actor.userId;
  const dealId = command.dealId;
  switch (command.type) {
    case 'CreateDeal': {
      if (state.exists) throw domainError(DEAL_ERRORS.deal_exists);
      const { input, actor } = command;
      // Left out: the creator. An explicit null leaves it unassigned (only for `crm:all`).
      const assignedTo = input.assignedTo === undefined ? actor.userId : input.assignedTo;
      requireAssignable(actor, assignedTo);
      requireActiveAssignee(actor, assignedTo, undefined, command.assignee);
      requireCustomer(actor, command.customer);
      return [
        {
          type: 'DealCreated',
          data: {
            dealId,
            title: input.title,
            value: input.value,
            probability: input.probability ?? DEAL_STAGE_PROBABILITY[input.stage],
            stage: input.stage,
            customerId: input.customerId,
            assignedTo,
            expectedCloseDate: input.expectedCloseDate,
            leadSource: input.leadSource,
            tags: [...input.tags],
            createdAt: at,
            createdBy: by,
            closedAt: isClosedStage(input.stage) ? at : null,
          },
        },
      ];
    }
    case 'UpdateDeal': {
      const s = requireReachable(state, command.actor);
      const { patch } = command;
      const moving = patch.stage !== undefined && patch.stage !== s.stage;
      const changes: Partial<DealFields> = {};
      for (const f of FIELD_NAMES) {
        // With a stage change, the probability travels with the move.
        if (f === 'probability' && moving) continue;
        const value = patch[f];
        if (value === undefined) continue;
        const same = f === 'tags' ? JSON.stringify(value) === JSON.stringify(s.fields.tags) : value === s.fields[f];
        if (!same) (changes as Record<string, unknown>)[f] = value;
      }
      if (changes.assignedTo !== undefined) {
        requireAssignable(command.actor, changes.assignedTo);
        requireActiveAssignee(command.actor, changes.assignedTo, s.fields.assignedTo, command.assignee);
      }
      if (changes.customerId !== undefined) requireCustomer(command.actor, command.customer);
      const events: DealEvent[] = [];
      if (Object.keys(changes).length > 0) events.push({ type: 'DealUpdated', data: { dealId, changes, updatedAt: at, updatedBy: by } });
      if (moving) events.push(stageChange(s, patch.stage!, patch.probability, at, by));
      return events;
    }
    case 'MoveDeal': {
      const s = requireReachable(state, command.actor);
      if (command.stage === s.stage) return [];
      return [stageChange(s, command.stage, command.probability, at, by)];
    }
    case 'DeleteDeal':
      requireReachable(state, command.actor);
      return [{ type: 'DealDeleted', data: { dealId, deletedAt: at, deletedBy: by } }];
    case 'RestoreDeal': {
      const s = requireReachable(state, command.actor, { allowDeleted: true });
      if (!s.deleted) throw domainError(DEAL_ERRORS.deal_not_deleted);
      return [{ type: 'DealRestored', data: { dealId, restoredAt: at, restoredBy: by } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const dealDecider: Decider<DealState, DealCommand, DealEvent> = { initialState, evolve, decide };
