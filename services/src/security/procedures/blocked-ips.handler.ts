import type { RequestContext } from '../../platform/request-context.ts';

export const blockedIpsHandler = async ({ ctx }: { ctx: RequestContext }) => ({ blockedIps: await ctx.services.security.ipBlocks.list() });
