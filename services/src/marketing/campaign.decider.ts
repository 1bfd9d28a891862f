/**
 * The campaign aggregate (issue 16; spec 02 §3 "Campaign"; stream `campaign-<id>`). Pure:
 * - a new campaign starts as draft; its utm_campaign is unique among campaigns: the service looks the value up
 *   in the read model and passes the campaign already using it (`utmTakenBy`), the decider refuses it;
 * - the lifecycle follows CAMPAIGN_TRANSITIONS (draft → active ⇄ paused → completed, or cancelled);
 *   any other step is `campaign_transition_not_allowed`;
 * - a completed or cancelled campaign is closed (`campaign_closed`): no profile edit, no cost entry added or
 *   removed (its figures are final; the web hides those buttons too);
 * - an update writes only what changed (nothing changed: nothing written); its dates, with the ones kept, stay
 *   in order (`campaign_dates_out_of_order`);
 * - a cost entry is removed by its id (unknown: `campaign_cost_not_found`).
 */
import {
  CAMPAIGN_TRANSITIONS,
  MARKETING_ERRORS,
  domainError,
  type CampaignAction,
  type CampaignEvent,
  type CampaignProfile,
  type CampaignStatus,
} from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

export type CampaignState =
  | { exists: false }
  | { exists: true; campaignId: string; profile: CampaignProfile; status: CampaignStatus; costs: Record<string, number> };

type Existing = Extract<CampaignState, { exists: true }>;

export type CampaignCommand =
  /** `utmTakenBy`: the campaign whose utm_campaign is already `profile.utmCampaign` (read model), if any. */
  | { type: 'CreateCampaign'; campaignId: string; profile: CampaignProfile; utmTakenBy: string | null }
  /** `utmTakenBy`: as above, for `patch.utmCampaign` when the patch names one. */
  | { type: 'UpdateCampaign'; campaignId: string; patch: Partial<CampaignProfile>; utmTakenBy?: string | null }
  | { type: 'TransitionCampaign'; campaignId: string; action: CampaignAction }
  | { type: 'RecordCampaignCost'; campaignId: string; costId: string; amount: number; date: string; note: string | null }
  | { type: 'RemoveCampaignCost'; campaignId: string; costId: string };

const PROFILE_FIELDS = ['name', 'type', 'description', 'budget', 'startDate', 'endDate', 'targetAudience', 'utmCampaign'] as const satisfies readonly (keyof CampaignProfile)[];

export const isClosedCampaign = (status: CampaignStatus) => status === 'completed' || status === 'cancelled';

const initialState: CampaignState = { exists: false };

function evolve(state: CampaignState, event: CampaignEvent): CampaignState {
  switch (event.type) {
    case 'CampaignCreated': {
      const { campaignId, createdAt: _a, createdBy: _b, ...profile } = event.data;
      return { exists: true, campaignId, profile, status: 'draft', costs: {} };
    }
    case 'CampaignUpdated':
      if (!state.exists) return state;
      return { ...state, profile: { ...state.profile, ...defined(event.data.changes) } };
    case 'CampaignStatusChanged':
      if (!state.exists) return state;
      return { ...state, status: event.data.to };
    case 'CampaignCostRecorded':
      if (!state.exists) return state;
      return { ...state, costs: { ...state.costs, [event.data.costId]: event.data.amount } };
    case 'CampaignCostRemoved': {
      if (!state.exists) return state;
      const { [event.data.costId]: _removed, ...costs } = state.costs;
      return { ...state, costs };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function requireCampaign(state: CampaignState): Existing {
  if (!state.exists) throw domainError(MARKETING_ERRORS.campaign_not_found);
  return state;
}

/** The campaign exists and is neither completed nor cancelled. */
function requireOpen(state: CampaignState): Existing {
  const s = requireCampaign(state);
  if (isClosedCampaign(s.status)) throw domainError(MARKETING_ERRORS.campaign_closed);
  return s;
}

function requireUtmFree(campaignId: string, utmCampaign: string, takenBy: string | null | undefined) {
  if (takenBy && takenBy !== campaignId) throw domainError(MARKETING_ERRORS.campaign_utm_taken, { utmCampaign });
}

function decide(command: CampaignCommand, state: CampaignState, ctx: CommandContext): CampaignEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId;
  const { campaignId } = command;
  switch (command.type) {
    case 'CreateCampaign': {
      if (state.exists) throw domainError(MARKETING_ERRORS.campaign_exists);
      requireUtmFree(campaignId, command.profile.utmCampaign, command.utmTakenBy);
      return [{ type: 'CampaignCreated', data: { campaignId, ...command.profile, createdAt: at, createdBy: by } }];
    }
    case 'UpdateCampaign': {
      const s = requireCampaign(state);
      const changes: Partial<CampaignProfile> = {};
      for (const field of PROFILE_FIELDS) {
        const value = command.patch[field];
        if (value !== undefined && !sameValue(value, s.profile[field])) (changes as Record<string, unknown>)[field] = value;
      }
      if (Object.keys(changes).length === 0) return [];
      if (isClosedCampaign(s.status)) throw domainError(MARKETING_ERRORS.campaign_closed);
      if (changes.utmCampaign !== undefined) requireUtmFree(campaignId, changes.utmCampaign, command.utmTakenBy);
      const { startDate, endDate } = { ...s.profile, ...changes };
      if (startDate && endDate && startDate > endDate) throw domainError(MARKETING_ERRORS.campaign_dates_out_of_order);
      return [{ type: 'CampaignUpdated', data: { campaignId, changes, updatedAt: at, updatedBy: by } }];
    }
    case 'TransitionCampaign': {
      const s = requireCampaign(state);
      const rule = CAMPAIGN_TRANSITIONS[command.action];
      if (!rule.from.includes(s.status)) throw domainError(MARKETING_ERRORS.campaign_transition_not_allowed, { action: command.action, status: s.status });
      return [{ type: 'CampaignStatusChanged', data: { campaignId, action: command.action, from: s.status, to: rule.to, changedAt: at, changedBy: by } }];
    }
    case 'RecordCampaignCost': {
      const s = requireOpen(state);
      if (s.costs[command.costId] !== undefined) return []; // the same entry again: already recorded
      const { costId, amount, date, note } = command;
      return [{ type: 'CampaignCostRecorded', data: { campaignId, costId, amount, date, note, recordedAt: at, recordedBy: by } }];
    }
    case 'RemoveCampaignCost': {
      const s = requireOpen(state);
      const amount = s.costs[command.costId];
      if (amount === undefined) throw domainError(MARKETING_ERRORS.campaign_cost_not_found);
      return [{ type: 'CampaignCostRemoved', data: { campaignId, costId: command.costId, amount, removedAt: at, removedBy: by } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const campaignDecider: Decider<CampaignState, CampaignCommand, CampaignEvent> = { initialState, evolve, decide };
