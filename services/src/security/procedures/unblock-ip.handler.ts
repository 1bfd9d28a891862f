import type { z } from 'zod';
import type { unblockIpInput } from '@crm/contracts';
import { commandContext, type RequestContext } from '../../platform/request-context.ts';

export async function unblockIpHandler({ ctx, input }: { ctx: RequestContext; input: z.output<typeof unblockIpInput> }) {
  await ctx.services.security.ipBlocks.unblock(input.ip, commandContext(ctx));
  return { ok: true as const, ip: input.ip };
}
