/**
 * The lead form aggregate (issue 16; spec 02 §3 "LeadForm"; stream `leadform-<id>`). Pure:
 * - a form's slug (its public address `/f/<slug>`) is chosen by the service from the name's slug, made unique
 *   against the read model; the service passes the form already holding it (`slugTakenBy`), the decider refuses
 *   it; the slug never changes afterwards (published links keep working);
 * - a form's campaign, when it names one, must exist (facts passed in the command);
 * - an update writes only what changed; `isActive` changing is its own event (LeadFormActivated / Deactivated);
 * - a deleted form cannot be changed (`lead_form_deleted`) nor deleted again (not found).
 */
import { MARKETING_ERRORS, domainError, type LeadFormDefinition, type LeadFormEvent } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';
import type { CampaignFacts } from './campaign.facts.ts';

export type LeadFormState =
  | { exists: false }
  | { exists: true; formId: string; slug: string; definition: LeadFormDefinition; isActive: boolean; deleted: boolean };

type Existing = Extract<LeadFormState, { exists: true }>;

export type LeadFormPatch = Partial<LeadFormDefinition> & { isActive?: boolean | undefined };

export type LeadFormCommand =
  /** `campaign`: facts about `definition.campaignId` when it names one. */
  | { type: 'CreateLeadForm'; formId: string; slug: string; slugTakenBy: string | null; definition: LeadFormDefinition; isActive: boolean; campaign: CampaignFacts | null }
  /** `campaign`: facts about `patch.campaignId` when the patch names one. */
  | { type: 'UpdateLeadForm'; formId: string; patch: LeadFormPatch; campaign: CampaignFacts | null }
  | { type: 'DeleteLeadForm'; formId: string };

const DEFINITION_FIELDS = ['name', 'title', 'description', 'fields', 'settings', 'campaignId', 'allowedOrigins'] as const satisfies readonly (keyof LeadFormDefinition)[];

const initialState: LeadFormState = { exists: false };

function evolve(state: LeadFormState, event: LeadFormEvent): LeadFormState {
  switch (event.type) {
    case 'LeadFormCreated': {
      const { formId, slug, isActive, createdAt: _a, createdBy: _b, ...definition } = event.data;
      return { exists: true, formId, slug, definition, isActive, deleted: false };
    }
    case 'LeadFormUpdated':
      if (!state.exists) return state;
      return { ...state, definition: { ...state.definition, ...defined(event.data.changes) } };
    case 'LeadFormActivated':
      return state.exists ? { ...state, isActive: true } : state;
    case 'LeadFormDeactivated':
      return state.exists ? { ...state, isActive: false } : state;
    case 'LeadFormDeleted':
      return state.exists ? { ...state, deleted: true } : state;
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

function requireLive(state: LeadFormState): Existing {
  if (!state.exists) throw domainError(MARKETING_ERRORS.lead_form_not_found);
  if (state.deleted) throw domainError(MARKETING_ERRORS.lead_form_deleted);
  return state;
}

/** A form's campaign must exist (a missing one is the input's fault: 422). */
function requireCampaign(campaignId: string | null, campaign: CampaignFacts | null) {
  if (campaignId === null) return;
  if (!campaign || campaign.id !== campaignId || !campaign.exists) throw domainError(MARKETING_ERRORS.campaign_not_found, { kind: 'unprocessable' });
}

function decide(command: LeadFormCommand, state: LeadFormState, ctx: CommandContext): LeadFormEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId;
  const { formId } = command;
  switch (command.type) {
    case 'CreateLeadForm': {
      if (state.exists) throw domainError(MARKETING_ERRORS.lead_form_exists);
      if (command.slugTakenBy && command.slugTakenBy !== formId) throw domainError(MARKETING_ERRORS.lead_form_exists);
      requireCampaign(command.definition.campaignId, command.campaign);
      return [{ type: 'LeadFormCreated', data: { formId, slug: command.slug, ...command.definition, isActive: command.isActive, createdAt: at, createdBy: by } }];
    }
    case 'UpdateLeadForm': {
      const s = requireLive(state);
      const changes: Partial<LeadFormDefinition> = {};
      for (const field of DEFINITION_FIELDS) {
        const value = command.patch[field];
        if (value !== undefined && !sameValue(value, s.definition[field])) (changes as Record<string, unknown>)[field] = value;
      }
      if (changes.campaignId !== undefined) requireCampaign(changes.campaignId, command.campaign);
      const events: LeadFormEvent[] = [];
      if (Object.keys(changes).length > 0) events.push({ type: 'LeadFormUpdated', data: { formId, changes, updatedAt: at, updatedBy: by } });
      const { isActive } = command.patch;
      if (isActive === true && !s.isActive) events.push({ type: 'LeadFormActivated', data: { formId, activatedAt: at, activatedBy: by } });
      if (isActive === false && s.isActive) events.push({ type: 'LeadFormDeactivated', data: { formId, deactivatedAt: at, deactivatedBy: by } });
      return events;
    }
    case 'DeleteLeadForm': {
      if (!state.exists || state.deleted) throw domainError(MARKETING_ERRORS.lead_form_not_found);
      return [{ type: 'LeadFormDeleted', data: { formId, deletedAt: at, deletedBy: by } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const leadFormDecider: Decider<LeadFormState, LeadFormCommand, LeadFormEvent> = { initialState, evolve, decide };
