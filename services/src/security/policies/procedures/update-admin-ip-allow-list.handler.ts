import type { UpdateAdminIpAllowListInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

/** Refused (422 allow_list_excludes_you) when the list would shut out the address this request comes from. */
export const updateAdminIpAllowListHandler = async ({ ctx, input }: { ctx: RequestContext; input: UpdateAdminIpAllowListInput }) => ({
  policies: await ctx.services.securityPolicies.updateAdminIpAllowList(input, ctx.ip, commandContext(ctx)),
});
