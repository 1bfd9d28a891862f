import type { UpdatePasswordPolicyInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../../platform/request-context.ts';

export const updatePasswordPolicyHandler = async ({ ctx, input }: { ctx: RequestContext; input: UpdatePasswordPolicyInput }) => ({
  policies: await ctx.services.securityPolicies.updatePassword(input, commandContext(ctx)),
});
