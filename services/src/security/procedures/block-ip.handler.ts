import type { BlockIpInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

/** Answers once the block is enforced on logins and public POSTs (read-your-writes on blocked_ips). */
export const blockIpHandler = async ({ ctx, input }: { ctx: RequestContext; input: BlockIpInput }) => ({
  blockedIp: await ctx.services.security.ipBlocks.block(input, commandContext(ctx)),
});
