import type { z } from 'zod';
import type { campaignCostInput, campaignCostRemoveInput, campaignCreateInput, campaignListInput, campaignTransitionInput, campaignUpdateInput, marketingIdInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

type Args<S extends z.ZodType> = { ctx: AuthedRequestContext; input: z.output<S> };

/** `marketing.campaigns.*` (issue 16): the Campaigns tab. */
export const listCampaignsHandler = ({ ctx, input }: Args<typeof campaignListInput>) => ctx.services.campaigns.list(input);
export const campaignOptionsHandler = ({ ctx }: { ctx: AuthedRequestContext }) => ctx.services.campaigns.options();
export const campaignDetailHandler = ({ ctx, input }: Args<typeof marketingIdInput>) => ctx.services.campaigns.detail(input.id);
export const createCampaignHandler = ({ ctx, input }: Args<typeof campaignCreateInput>) => ctx.services.campaigns.create(input, commandContext(ctx));
export const updateCampaignHandler = ({ ctx, input }: Args<typeof campaignUpdateInput>) => ctx.services.campaigns.update(input, commandContext(ctx));
export const transitionCampaignHandler = ({ ctx, input }: Args<typeof campaignTransitionInput>) => ctx.services.campaigns.transition(input, commandContext(ctx));
export const addCampaignCostHandler = ({ ctx, input }: Args<typeof campaignCostInput>) => ctx.services.campaigns.addCost(input, commandContext(ctx));
export const removeCampaignCostHandler = ({ ctx, input }: Args<typeof campaignCostRemoveInput>) => ctx.services.campaigns.removeCost(input, commandContext(ctx));
