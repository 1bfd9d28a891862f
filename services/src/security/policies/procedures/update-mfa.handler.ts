import type { UpdateMfaPolicyInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

export const updateMfaPolicyHandler = async ({ ctx, input }: { ctx: RequestContext; input: UpdateMfaPolicyInput }) => ({
  policies: await ctx.services.securityPolicies.updateMfa(input, commandContext(ctx)),
});
