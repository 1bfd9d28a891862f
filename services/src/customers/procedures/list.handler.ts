import { TRPCError } from '@trpc/server';
import { can, type CustomerListInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import type { RequestContext } from '../../platform/request-context.ts';

export function listHandler({ ctx, input }: { ctx: RequestContext; input: CustomerListInput }) {
  const actor = requestActor(ctx);
  if (input.deleted && !can(ctx.user!.userType, 'crm:restore')) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to list deleted customers' });
  }
  return ctx.services.customers.list(actor, input);
}
