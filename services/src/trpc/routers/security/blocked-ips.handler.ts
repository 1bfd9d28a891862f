import type { RequestContext } from '../../context.ts';

export const blockedIpsHandler = async ({ ctx }: { ctx: RequestContext }) => ({ blockedIps: await ctx.services.security.ipBlocks.list() });
