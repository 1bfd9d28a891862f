/**
 * Campaigns (issue 16): commands through the campaign decider, reads from the `marketing_campaigns` read model
 * with figures computed from the submissions, customers and deals read models (campaigns.queries.ts). A
 * command's caller waits for the projection before reading back (read-your-writes).
 * - A campaign's utm_campaign defaults to its name's slug, made unique (`-2`, `-3` …); an explicit value already
 *   used by another campaign is refused (`campaign_utm_taken`, decided with the campaign that holds it).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  MARKETING_ERRORS,
  campaignStreamId,
  domainError,
  slugify,
  type CampaignCostInput,
  type CampaignCreateInput,
  type CampaignDetail,
  type CampaignListInput,
  type CampaignListResult,
  type CampaignOption,
  type CampaignProfile,
  type CampaignTransitionInput,
  type CampaignUpdateInput,
  type CampaignView,
  type EventStore,
} from '@crm/contracts';
import { campaignOptions, findCampaignByUtm, getCampaign, getCampaignDetail, listCampaigns, utmCampaignsLike } from '@crm/projections';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import { campaignDecider, type CampaignCommand } from './campaign.decider.ts';
import { MARKETING_NAME_LOCKS, firstFree, withNameLock } from './unique-name.ts';

export const CAMPAIGNS_PROJECTION = 'marketing_campaigns';

export interface CampaignsService {
  /** A page of the campaigns matching the filters, newest first, with leads, conversion, value won and ROI. */
  list(input: Partial<CampaignListInput>): Promise<CampaignListResult>;
  /** Every campaign by name: a picker's choices. */
  options(): Promise<CampaignOption[]>;
  /** One campaign with its cost entries, leads (with their deals) and forms; not_found otherwise. */
  detail(id: string): Promise<CampaignDetail>;
  /** A new draft campaign. */
  create(input: CampaignCreateInput, ctx: CommandContext): Promise<CampaignView>;
  /** Changes only what differs; a completed or cancelled campaign is closed (`campaign_closed`). */
  update(input: CampaignUpdateInput, ctx: CommandContext): Promise<CampaignView>;
  /** One lifecycle step (CAMPAIGN_TRANSITIONS); any other is `campaign_transition_not_allowed`. */
  transition(input: CampaignTransitionInput, ctx: CommandContext): Promise<CampaignView>;
  addCost(input: CampaignCostInput, ctx: CommandContext): Promise<CampaignDetail>;
  removeCost(input: { campaignId: string; costId: string }, ctx: CommandContext): Promise<CampaignDetail>;
}

export function createCampaignsService(deps: { pool: pg.Pool; store: EventStore }): CampaignsService {
  const { pool, store } = deps;

  async function get(id: string): Promise<CampaignView> {
    const campaign = await getCampaign(pool, id);
    if (!campaign) throw domainError(MARKETING_ERRORS.campaign_not_found);
    return campaign;
  }

  async function detail(id: string): Promise<CampaignDetail> {
    const campaign = await getCampaignDetail(pool, id);
    if (!campaign) throw domainError(MARKETING_ERRORS.campaign_not_found);
    return campaign;
  }

  async function run(command: CampaignCommand, ctx: CommandContext, options: { expectNew?: boolean } = {}): Promise<void> {
    const result = await handleCommand(store, campaignStreamId(command.campaignId), campaignDecider, command, ctx, options);
    await waitForProjection(deps, CAMPAIGNS_PROJECTION, result.checkpoint);
  }

  /** The campaign already using `utm`, if any (the decider refuses it for another campaign). */
  const utmHolder = async (utm: string) => (await findCampaignByUtm(pool, utm))?.id ?? null;

  return {
    list: (input) => listCampaigns(pool, input),
    options: () => campaignOptions(pool),
    detail,

    async create(input, ctx) {
      const campaignId = randomUUID();
      const profile = (utmCampaign: string): CampaignProfile => ({
        name: input.name,
        type: input.type,
        description: input.description,
        budget: input.budget,
        startDate: input.startDate,
        endDate: input.endDate,
        targetAudience: input.targetAudience,
        utmCampaign,
      });
      // The utm_campaign (given, else the name's slug made unique) is checked, decided and projected under the
      // lock: two campaigns created or edited at the same moment never share one.
      await withNameLock(pool, MARKETING_NAME_LOCKS.utmCampaign, async () => {
        const base = slugify(input.name);
        const utmCampaign = input.utmCampaign ?? firstFree(base, await utmCampaignsLike(pool, base));
        await run({ type: 'CreateCampaign', campaignId, profile: profile(utmCampaign), utmTakenBy: await utmHolder(utmCampaign) }, ctx, { expectNew: true });
      });
      return get(campaignId);
    },

    async update(input, ctx) {
      const { id, utmCampaign, ...rest } = input;
      // An explicit null utm_campaign leaves it as it is (a campaign always has one).
      const patch: Partial<CampaignProfile> = { ...rest, ...(utmCampaign ? { utmCampaign } : {}) };
      const update = async () => run({ type: 'UpdateCampaign', campaignId: id, patch, utmTakenBy: utmCampaign ? await utmHolder(utmCampaign) : null }, ctx);
      await (utmCampaign ? withNameLock(pool, MARKETING_NAME_LOCKS.utmCampaign, update) : update());
      return get(id);
    },

    async transition(input, ctx) {
      await run({ type: 'TransitionCampaign', campaignId: input.id, action: input.action }, ctx);
      return get(input.id);
    },

    async addCost(input, ctx) {
      await run({ type: 'RecordCampaignCost', campaignId: input.campaignId, costId: randomUUID(), amount: input.amount, date: input.date, note: input.note }, ctx);
      return detail(input.campaignId);
    },

    async removeCost(input, ctx) {
      await run({ type: 'RemoveCampaignCost', campaignId: input.campaignId, costId: input.costId }, ctx);
      return detail(input.campaignId);
    },
  };
}
