import type { UpdateSessionPolicyInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

export const updateSessionPolicyHandler = async ({ ctx, input }: { ctx: RequestContext; input: UpdateSessionPolicyInput }) => ({
  policies: await ctx.services.securityPolicies.updateSession(input, commandContext(ctx)),
});
