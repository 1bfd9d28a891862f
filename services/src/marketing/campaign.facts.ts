import { campaignStreamId } from '@crm/contracts';
import { factsReader } from '../platform/facts.ts';
import { campaignDecider } from './campaign.decider.ts';

/** What a lead form may know about the campaign it names: whether it exists. */
export interface CampaignFacts {
  id: string;
  exists: boolean;
}

/** A campaign's facts, folded by the campaign decider from its stream. */
export const readCampaignFacts = factsReader(campaignDecider, campaignStreamId, (state, id): CampaignFacts => ({ id, exists: state.exists }));
