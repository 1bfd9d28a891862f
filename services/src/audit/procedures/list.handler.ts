import type { AuditLogListInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export async function listHandler({ ctx, input }: { ctx: AuthedRequestContext; input: AuditLogListInput }) {
  const page = await ctx.services.audit.list(input);
  return { data: page.data, total: page.total, tiles: page.tiles, page: page.page, limit: page.limit };
}
